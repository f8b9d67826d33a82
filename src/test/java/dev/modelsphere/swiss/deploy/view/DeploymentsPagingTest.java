package dev.modelsphere.swiss.deploy.view;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Paging over 200 managed releases (reference paging_test), and what a page costs the API server
 * once the watches have synced: nothing.
 */
@ClusterTest
class DeploymentsPagingTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final int RELEASES = 200;

  private static String name(int i) {
    return "rel-%03d".formatted(i);
  }

  private static List<String> names(int from, int to) {
    return IntStream.range(from, to).mapToObj(DeploymentsPagingTest::name).toList();
  }

  @Test
  void pagesOverTwoHundredReleasesFollowTheReferenceAndCostNoApiRequest() {
    Crds.installLlmService(cluster.admin());
    ReleaseSeeds seeds = new ReleaseSeeds(cluster);
    for (int i = 0; i < RELEASES; i++) {
      seeds.recordPlan(seeds.plan(name(i)), ReleaseSeeds.status("applied", ""));
      seeds.storeRevision(name(i), 1, "deployed");
    }
    try (CountingClient counting = new CountingClient(cluster.cluster());
        Fleet fleet =
            Fleet.start(
                counting.client(),
                List.of(cluster.namespace()),
                LlmServiceAccess.of(new LlmServiceClient(counting.client()), Clock.systemUTC()),
                Clock.systemUTC())) {
      assertThat(fleet.awaitSettled(Duration.ofSeconds(30))).isTrue();
      SeedCopies.await(fleet, cluster);
      DeploymentsView view = new DeploymentsView(fleet, new Relationships(ReleaseSeeds.CANARY));
      assertThat(counting.requests())
          .as("the counter sees the watches' own lists, so it would see a page's requests")
          .anyMatch(request -> request.contains("/configmaps"));
      counting.reset();

      DeploymentsPage second = page(view, "2", "10");
      DeploymentsPage defaults = page(view, null, null);
      DeploymentsPage garbage = page(view, "two", "-5");
      DeploymentsPage pastTheEnd = page(view, "30", "10");
      DeploymentsPage clamped = page(view, "2", "500");
      for (int p = 1; p <= 8; p++) {
        page(view, Integer.toString(p), "25");
      }

      assertThat(counting.readsBesidesTheWatches()).as("API requests made by the pages").isEmpty();
      assertThat(second.page()).isEqualTo(2);
      assertThat(second.perPage()).isEqualTo(10);
      assertThat(second.summary().total()).isEqualTo(RELEASES);
      assertThat(second.deployments()).extracting(DeploymentRow::release).isEqualTo(names(10, 20));
      assertThat(defaults.page()).isEqualTo(1);
      assertThat(defaults.perPage()).isEqualTo(25);
      assertThat(defaults.deployments()).extracting(DeploymentRow::release).isEqualTo(names(0, 25));
      assertThat(garbage.page()).isEqualTo(1);
      assertThat(garbage.perPage()).isEqualTo(25);
      assertThat(pastTheEnd.deployments()).isEmpty();
      assertThat(pastTheEnd.summary().total()).isEqualTo(RELEASES);
      assertThat(clamped.perPage()).isEqualTo(100);
      assertThat(clamped.deployments())
          .extracting(DeploymentRow::release)
          .isEqualTo(names(100, 200));
    }
  }

  private static DeploymentsPage page(DeploymentsView view, String page, String perPage) {
    return view.page("prod", Paging.parse(page, perPage), CatalogRefs.none());
  }
}
