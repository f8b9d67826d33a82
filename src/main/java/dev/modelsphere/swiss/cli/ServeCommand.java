package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.kube.KubeTarget;
import dev.modelsphere.swiss.server.ListenAddress;
import dev.modelsphere.swiss.server.ListenPolicy;
import dev.modelsphere.swiss.server.ServerOptions;
import dev.modelsphere.swiss.server.StartupReport;
import dev.modelsphere.swiss.server.SwissServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs the HTTP API (and the web UI) until SIGTERM or SIGINT, then drains and stops. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = "Run the HTTP API and the web UI, configured by the config's server section.")
public final class ServeCommand implements Callable<Integer> {

  @Mixin ConfigFileOption config;

  @Option(
      names = "--addr",
      defaultValue = "${env:SWISSD_ADDR}",
      description =
          "Listen address, e.g. :8080 or 127.0.0.1:0 (default: $SWISSD_ADDR, else the"
              + " config's server.addr).")
  String addr;

  @Option(
      names = "--log-level",
      description =
          "How much swiss logs: error, warn, info, debug or trace (default: $SWISS_LOG_LEVEL, else"
              + " info for the server's own lines and warn for the rest).")
  String logLevel;

  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public Integer call() throws InterruptedException {
    if (!GlobalOptions.empty(logLevel)) {
      LogLevel.applyToSwiss(logLevel);
    }
    Config loaded = loadConfig();
    ListenPolicy listen =
        ListenPolicy.of(
            loaded.server(),
            ListenAddress.parse(GlobalOptions.empty(addr) ? loaded.server().addr() : addr));
    ListenAddress address = listen.address();
    address.requireFree();
    KubeTarget target = cluster.target(config.path);
    KubernetesClient client = target.connect();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (loaded.server().auth().disabled()) {
      err.println("swiss serve: " + StartupReport.noLoginWarning());
    }
    listen.narrowed().ifPresent(why -> err.println("swiss serve: " + why));
    err.flush();
    SwissServer server =
        SwissServer.assemble(
                loaded,
                client,
                ServerOptions.defaults(Main.version()).withHelmKubeConfig(target.helmKubeConfig()))
            .start(address);
    StartupReport.lines(loaded, server, address, client.getMasterUrl().toString())
        .forEach(out::println);
    out.flush();
    awaitShutdown(server, out);
    return 0;
  }

  private Config loadConfig() {
    Path found = Config.find(config.path);
    if (found == null) {
      throw new CliException("no config file: pass --config, or set SWISS_CONFIG");
    }
    Config loaded = Config.load(found);
    loaded.validateServer();
    return loaded;
  }

  /** Blocks until the JVM is asked to stop; the shutdown hook drains the server first. */
  private static void awaitShutdown(SwissServer server, PrintWriter out)
      throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  out.println("swiss serve: stopping; finishing requests in flight");
                  out.flush();
                  server.stop();
                  out.println("swiss serve: stopped");
                  out.flush();
                  stopped.countDown();
                },
                "swiss-serve-shutdown"));
    stopped.await();
  }
}
