package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.approval.SiteApprovals;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.view.Fleet;
import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.GpuUseHistory;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeNames;
import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.server.events.ClusterEvents;
import dev.modelsphere.swiss.server.events.EventHub;
import dev.modelsphere.swiss.server.http.HttpApp;
import dev.modelsphere.swiss.server.http.ParamRule;
import dev.modelsphere.swiss.server.http.ServedHosts;
import dev.modelsphere.swiss.server.http.WorkerPool;
import dev.modelsphere.swiss.server.state.BackgroundLeader;
import dev.modelsphere.swiss.server.state.ClusterPing;
import dev.modelsphere.swiss.server.state.CopyAge;
import dev.modelsphere.swiss.server.state.Readiness;
import dev.modelsphere.swiss.server.state.ReadinessNotes;
import dev.modelsphere.swiss.server.state.WatchesSynced;
import dev.modelsphere.swiss.sitestate.SiteState;
import dev.modelsphere.swiss.store.Store;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javalin.Javalin;
import io.javalin.util.JavalinBindException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * {@code swiss serve}: the HTTP API over the cluster, wired from the config document. It builds
 * each part once, hands the routes theirs ({@link RouteParts}, the one place routes are added), and
 * starts and stops them; what the parts decide lives in them.
 */
public final class SwissServer {
  /** Below the readiness route's own deadline, so a hung API server still gets a proper answer. */
  private static final Duration PING_TIMEOUT = Duration.ofSeconds(4);

  /** How far back the Nodes page's GPU allocation reaches: a working day's rollouts. */
  private static final Duration GPU_HISTORY = Duration.ofHours(8);

  /**
   * A namespace or release in a path that cannot exist is the request's fault (400), answered
   * before any lookup: the API server would refuse it in ways that read as its own failure.
   */
  private static final Map<String, ParamRule> NAME_RULES =
      Map.of("namespace", KubeNames::namespaceProblem, "release", KubeNames::releaseProblem);

  /**
   * Each plan request waits for its own store write, and the deploy routes run at most their pool's
   * workers at once: more writers than that would never be busy.
   */
  private static final int PLAN_WRITERS = WorkerPool.Size.DEFAULT.workers();

  private final PrometheusMeterRegistry meters = ServerMeters.create();
  private final Optional<Store> store;
  private final ExecutorService planWrites =
      DaemonThreads.pool("swiss-plan-write", PLAN_WRITERS, new LinkedBlockingQueue<>());
  private final SiteState site;
  private final Fleet fleet;
  private final GpuUseHistory gpuHistory;

  /** The deploy core's collaborators and threads; closed at stop. */
  private final DeployCore core;

  /**
   * Sweeps interrupted applies on the one replica elected to; only a server that deploys has it.
   */
  private final Optional<BackgroundLeader> leader;

  private final EventHub events;
  private final ClusterEvents clusterEvents;
  private final Javalin app;

  private SwissServer(
      Config config, KubernetesClient client, ServerOptions options, Optional<Store> store) {
    this.store = store;
    Kube kube = new Kube(client);
    LlmServiceClient services = new LlmServiceClient(client);
    LlmServiceAccess access = LlmServiceAccess.of(services, options.clock());
    this.site = SiteState.open(config, kube, options.version(), access, options.clock());
    this.fleet = Fleet.start(client, config.cluster().namespaces(), access, options.clock());
    GpuResources gpus = DeployUseCases.gpus(config);
    NodeInventory nodes = new NodeInventory(fleet.cache(), gpus);
    this.gpuHistory =
        new GpuUseHistory(() -> nodes.report("").summary(), GPU_HISTORY, options.clock())
            .follow(nodes);
    ServerDeploy deploy =
        ServerDeploy.wire(config, options, kube, services, access, fleet, site, store);
    this.core = deploy.core();
    this.leader =
        ServerLeader.of(
            config, client, options, core.interruptedApplySweep(fleet.cache().planConfigMaps()));
    WatchesSynced watches = new WatchesSynced(fleet);
    watches.registerSizes(meters);
    ClusterPing ping = new ClusterPing(client, PING_TIMEOUT, options.clock());
    Readiness readiness =
        new Readiness(List.of(ping, watches), ReadinessNotes.of(site, store, leader));
    ServerLogin login = new ServerLogin(config.server(), options, store);
    this.events =
        new EventHub(options.events(), options.clock(), login.revocations()::revokedAmong);
    login.revocations().onRevoke(events::endSession);
    meters.gauge("swiss.event.streams", events, EventHub::openStreams);
    this.clusterEvents = ClusterEvents.start(fleet, nodes, events);
    SiteApprovals approvals =
        SiteApprovals.of(
            store,
            site.profiles()::profileIfReadable,
            (ns, release) -> core.backends().reads(ns, release).live(ns, release).revision(),
            config.server().approvalTTL(),
            options.clock());
    ServedHosts hosts = ServerLogin.servedHosts(config);
    RouteParts routes =
        new RouteParts(
            config,
            options,
            meters,
            readiness,
            login.readinessDetails(hosts),
            login,
            site,
            store,
            kube,
            core,
            deploy.revisions(),
            approvals,
            deploy.schemas(),
            planWrites,
            fleet,
            nodes,
            gpus,
            gpuHistory,
            new CopyAge(fleet, ping),
            events);
    this.app =
        HttpApp.create(
            login.guard(), meters, routes.groups(), NAME_RULES, config.server().basePath(), hosts);
  }

  /**
   * A server for this config, not yet listening: the login credentials are read and, when deploys
   * are allowed, the database is opened, so a broken setup is refused before anything listens.
   *
   * @param config a config that passed {@link Config#validateServer()}
   * @throws ServerException naming what cannot be used and what to do
   */
  public static SwissServer assemble(
      Config config, KubernetesClient client, ServerOptions options) {
    ServerLogin.checkCredentials(config.server().auth());
    return new SwissServer(
        config, client, options, ServerDatabase.open(config, options.databasePassword()));
  }

  /**
   * Starts listening.
   *
   * @throws ServerException when the address is taken or cannot be bound
   */
  public SwissServer start(ListenAddress address) {
    leader.ifPresent(BackgroundLeader::start);
    try {
      app.start(address.bindHost(), address.port());
    } catch (JavalinBindException e) {
      throw address.inUse(e);
    }
    return this;
  }

  public int port() {
    return app.port();
  }

  /**
   * Ends the event streams (they would otherwise hold the drain for its whole length), stops taking
   * requests, lets those in flight finish (see {@link HttpApp#stop}), then stops every thread the
   * server started: the leader's work, the events, the deploy core's, the watches'.
   */
  public void stop() {
    events.close();
    try {
      HttpApp.stop(app);
    } finally {
      leader.ifPresent(BackgroundLeader::close);
      clusterEvents.close();
      gpuHistory.close();
      core.close();
      fleet.close();
      // The drain above waited for every plan request, and with it for its write.
      planWrites.shutdown();
      store.ifPresent(Store::close);
    }
  }

  /** The watches behind the lists, for tests and benchmarks that wait for them. */
  public Fleet fleet() {
    return fleet;
  }

  /** Where the server's own metrics go; later parts register gauges (informer sizes) here. */
  public MeterRegistry meters() {
    return meters;
  }

  public Optional<Store> store() {
    return store;
  }

  public SiteState site() {
    return site;
  }

  /** Every route as {@code METHOD path}, as Javalin will match them. */
  public List<String> routeTable() {
    return app.unsafe.internalRouter.allHttpHandlers().stream()
        .map(parsed -> parsed.endpoint)
        .filter(endpoint -> endpoint.method.isHttpMethod())
        .map(endpoint -> endpoint.method.name() + " " + endpoint.path)
        .toList();
  }
}
