package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.sitestate.SiteState;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A site wired as {@code swiss serve} wires it, for the compose use cases' tests: our demo catalog,
 * a profile file in {@code dir} ({@code profile.yaml}, which a test may overwrite) and the test's
 * namespace granted.
 */
final class DemoSite {
  private DemoSite() {}

  /** The profile line that reaches our example charts on disk. */
  static String exampleCharts() {
    return "chartPath: " + TestCharts.exampleCharts();
  }

  /**
   * The composer of a site whose profile names its charts by {@code charts} (a {@code chartPath:}
   * or {@code chartRepo:} line), reading deployed releases from the test cluster.
   */
  static PlanComposer composer(
      Path dir, KubeCluster cluster, String charts, GpuProductCheck productCheck) {
    write(
        dir.resolve("profile.yaml"),
        """
        name: test-site
        namespace: models
        %s
        model:
          pathTemplate: /models/{{org}}/{{name}}
        """
            .formatted(charts));
    write(
        dir.resolve("swiss.yaml"),
        """
        catalog: %s
        cluster:
          namespaces: [%s]
          profile:
            file: ./profile.yaml
        """
            .formatted(SharedFixtures.project().resolve("examples/catalog"), cluster.namespace()));
    Config config = Config.load(dir.resolve("swiss.yaml"));
    SiteState site =
        SiteState.open(
            config, cluster.kube(), "test", LlmServiceAccess.withoutClient(), Clock.systemUTC());
    return new PlanComposer(
        site.catalogs(),
        site.profiles(),
        site.chartListings(),
        cluster.core().plans(),
        GpuResources.defaults(),
        productCheck);
  }

  static void write(Path file, String text) {
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
