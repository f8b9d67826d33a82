package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.EveryFixtureVariant;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import dev.modelsphere.swiss.values.JsonMappers;
import dev.modelsphere.swiss.values.Tree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local cluster's simulated nodes offer what real GPU nodes do: every single-node variant of
 * the real catalog, composed as swiss composes it, schedules there and {@code swiss install --wait}
 * exits 0 once its pod is Ready.
 *
 * <p>The fixture charts carry values and a schema but no templates, so the chart here is the
 * fixture's values under a template of ours that turns the values the scheduler reads ({@code
 * model.gpus}, {@code resources}, {@code nodeSelector}, {@code tolerations}, {@code affinity},
 * {@code schedulerName}) into one Deployment pod, as the real chart's single-node path does.
 * Multi-node variants span several nodes as a LeaderWorkerSet, whose controller does not run here;
 * they are left out, and counted.
 */
@ClusterTest
class FixtureCatalogOnTheLocalNodesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  /** The real chart's single-node pod, reduced to what scheduling depends on. */
  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: {{ .Release.Name }}
      spec:
        replicas: 1
        selector:
          matchLabels:
            app: {{ .Release.Name }}-{{ .Chart.Name }}
        template:
          metadata:
            labels:
              app: {{ .Release.Name }}-{{ .Chart.Name }}
              app.kubernetes.io/instance: {{ .Release.Name }}
          spec:
            {{- with .Values.schedulerName }}
            schedulerName: {{ . }}
            {{- end }}
            {{- with .Values.nodeSelector }}
            nodeSelector:
              {{- toYaml . | nindent 8 }}
            {{- end }}
            {{- with .Values.tolerations }}
            tolerations:
              {{- toYaml . | nindent 8 }}
            {{- end }}
            {{- with .Values.affinity }}
            affinity:
              {{- toYaml . | nindent 8 }}
            {{- end }}
            containers:
              - name: engine
                image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
                {{- $resources := deepCopy (default dict .Values.resources) }}
                {{- $gpus := toString .Values.model.gpus }}
                {{- if and $gpus (ne $gpus "0") }}
                {{- $limits := default dict (get $resources "limits") }}
                {{- $_ := set $limits "nvidia.com/gpu" $gpus }}
                {{- $_ := set $resources "limits" $limits }}
                {{- end }}
                resources:
                  {{- toYaml $resources | nindent 12 }}
      """;

  private static final String SITE =
      """
      name: local-cluster
      namespace: %s
      model:
        pathTemplate: "/models/{{org}}/{{name}}"
      nodes: {gpusPerNode: 8}
      """;

  @Test
  void everySingleNodeVariantOfTheRealCatalogSchedulesAndWaitExitsZero() throws IOException {
    Catalog catalog = Catalog.open(SharedFixtures.modelCatalog().toString());
    Profile profile = Profile.parse(SITE.formatted(cluster.namespace()), "local-cluster");
    Map<String, List<String>> byFootprint = new LinkedHashMap<>();
    Map<String, ComposeRequest> firsts = new LinkedHashMap<>();
    int multiNode = 0;
    for (ComposeRequest request : EveryFixtureVariant.requests(catalog, profile, Map.of())) {
      if (request.variant().requires().nodesOrDefault() > 1) {
        multiNode++;
        continue;
      }
      Plan plan = Composer.compose(request);
      String footprint = footprint(plan);
      firsts.putIfAbsent(footprint, request);
      byFootprint
          .computeIfAbsent(footprint, f -> new ArrayList<>())
          .add(
              request.entry().name()
                  + " "
                  + request.entry().version()
                  + " "
                  + request.variant().id());
    }
    assertThat(byFootprint.values().stream().mapToInt(List::size).sum())
        .as("single-node variants in the real catalog")
        .isGreaterThan(20);
    assertThat(multiNode).as("multi-node variants, left out").isPositive();

    // Variants whose pods ask the scheduler for the same things schedule alike: one install each.
    int release = 0;
    for (Map.Entry<String, ComposeRequest> shape : firsts.entrySet()) {
      String name = "variant-" + release++;
      Plan plan = Composer.compose(shape.getValue().withRelease(name));
      String variants = String.join(", ", byFootprint.get(shape.getKey()));
      Path file = dir.resolve(name + ".json");
      Files.writeString(file, PlanJson.toJson(plan));

      CliRun install =
          swiss(
              "install",
              "--plan",
              file.toString(),
              "--chart-root",
              chartRoot(plan).toString(),
              "--wait",
              "--timeout",
              "90s");

      assertThat(install.exitCode()).as("%s\n%s", variants, install.err()).isZero();
      assertThat(install.err()).as(variants).contains("pods ready");
      CliRun uninstall = swiss("uninstall", "--release", name, "--namespace", cluster.namespace());
      assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
      // The next variant may need every GPU of a node this one held.
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  cluster
                      .admin()
                      .pods()
                      .inNamespace(cluster.namespace())
                      .list()
                      .getItems()
                      .isEmpty());
    }
  }

  /** What the scheduler reads of a plan's pod. */
  private static String footprint(Plan plan) {
    Map<String, Object> reads = new LinkedHashMap<>();
    for (String path :
        List.of(
            "model.gpus",
            "resources",
            "nodeSelector",
            "tolerations",
            "affinity",
            "schedulerName")) {
      reads.put(path, Tree.get(plan.values(), path).value());
    }
    return JsonMappers.PLAIN.valueToTree(reads).toString();
  }

  /**
   * A folder holding the plan's chart: the fixture's values under our template. Not its schema,
   * which is the fixture chart's own version's: older than the versions the catalog's variants ask
   * for, it refuses their newer values ({@code image.digest}).
   */
  private Path chartRoot(Plan plan) throws IOException {
    String name = plan.chart().name();
    Path root = dir.resolve("charts-" + plan.chart().version());
    Path chart = root.resolve(name);
    if (Files.isDirectory(chart)) {
      return root;
    }
    Path fixture = SharedFixtures.helmCharts().resolve(name);
    Files.createDirectories(chart.resolve("templates"));
    Files.writeString(
        chart.resolve("Chart.yaml"),
        "apiVersion: v2\nname: %s\nversion: %s\n".formatted(name, plan.chart().version()));
    Files.copy(fixture.resolve("values.yaml"), chart.resolve("values.yaml"));
    Files.writeString(chart.resolve("templates/deployment.yaml"), DEPLOYMENT);
    return root;
  }

  private static CliRun swiss(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--kubeconfig", cluster.kubeconfig().toString()));
    return CliRun.of(all.toArray(String[]::new));
  }
}
