package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.HelmTestbed;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.plan.PlanJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The deploy commands end to end against the real API server, driven by plan files. */
class DeployCommandsTest {

  @TempDir Path dir;
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();
  private HelmTestbed bed;

  @BeforeEach
  void start() {
    bed = HelmTestbed.on(cluster);
  }

  @Test
  void installDiffApplyStatusAndUninstallFromPlanFiles() throws IOException {
    Path one = planFile("one.json", "replicaCount: 1");
    Path two = planFile("two.json", "replicaCount: 4");

    Run install = swiss("install", "--plan", one.toString());
    assertThat(install.exit).as(install.err).isZero();
    assertThat(install.out).contains(bed.namespace + "/qwen revision 1");

    Run same = swiss("diff", "--plan", one.toString());
    assertThat(same.exit).as(same.err + same.out).isZero();
    assertThat(same.err).contains("no changes");

    Run changed = swiss("diff", "--plan", two.toString());
    assertThat(changed.exit).isEqualTo(2);
    assertThat(changed.out).contains("-  replicas: 1", "+  replicas: 4");

    Run apply = swiss("apply", "--plan", two.toString(), "--expect-revision", "1");
    assertThat(apply.exit).as(apply.err).isZero();
    assertThat(apply.out).contains("revision 2");

    Run stale = swiss("apply", "--plan", one.toString(), "--expect-revision", "1");
    assertThat(stale.exit).isEqualTo(1);
    assertThat(stale.err).contains("moved from revision 1 to 2");

    Run status = swiss("status", "--release", "qwen", "--namespace", bed.namespace);
    assertThat(status.exit).as(status.err).isZero();
    assertThat(status.out).contains("revision  2", "helm      deployed", "applied at revision 2");

    Run uninstall = swiss("uninstall", "--release", "qwen", "--namespace", bed.namespace);
    assertThat(uninstall.exit).as(uninstall.err).isZero();
    assertThat(swiss("status", "--release", "qwen", "--namespace", bed.namespace).exit).isEqualTo(1);
  }

  @Test
  void aTamperedPlanFileIsRefusedBeforeTheClusterIsAsked() throws IOException {
    Path file = planFile("plan.json", "replicaCount: 1");
    Files.writeString(file, Files.readString(file).replace("\"replicaCount\": 1", "\"replicaCount\": 7"));

    Run install = swiss("install", "--plan", file.toString());

    assertThat(install.exit).isEqualTo(1);
    assertThat(install.err).contains("hash mismatch", file.toString());
    assertThat(bed.kube.configMap(bed.namespace, "swiss-plan-qwen")).isEmpty();
  }

  private Path planFile(String name, String form) throws IOException {
    Plan plan = HelmTestbed.plan("qwen", bed.namespace, form,
        new ChartRef("sglang", "0.8.0", "", TestCharts.exampleCharts().toString()), false);
    Path file = dir.resolve(name);
    Files.writeString(file, PlanJson.toJson(plan));
    return file;
  }

  private Run swiss(String... args) {
    CommandLine cli = Main.commandLine();
    for (Object command : List.of(new RenderCommand(), new DiffCommand(), new ApplyCommand(),
        new InstallCommand(), new UninstallCommand(), new StatusCommand())) {
      // Registered here until Main lists them; once it does, Main's own registration is used.
      String name = new CommandLine(command).getCommandName();
      if (!cli.getSubcommands().containsKey(name)) {
        cli.addSubcommand(name, command);
      }
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of(args));
    if (!args[0].equals("render")) {
      all.addAll(List.of("--kubeconfig", HelmTestbed.kubeconfigFile().toString()));
    }
    int exit = cli.execute(all.toArray(String[]::new));
    return new Run(exit, out.toString(), err.toString());
  }

  private record Run(int exit, String out, String err) {}
}
