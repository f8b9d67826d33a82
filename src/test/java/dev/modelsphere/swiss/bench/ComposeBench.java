package dev.modelsphere.swiss.bench;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.EveryFixtureVariant;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Composes and hashes every fixture variant repeatedly; prints plans per second and the median per
 * plan. Not a test: a figure to watch, measured after a warm-up in the same JVM.
 *
 * <p>The warm-up runs for a quarter of the rounds and at least {@link #WARM_UP_SECONDS}: on a
 * loaded machine the JIT compilers get little CPU, and a warm-up counted in rounds alone ended
 * before the code was compiled, so the figure measured compiling more than composing.
 */
public final class ComposeBench {
  private static final long WARM_UP_SECONDS = 5;

  /** What issue 15 asks of the median. */
  private static final double TARGET_MICROS = 100;

  private static final String SITE =
      """
      name: bench
      namespace: models
      chartRepo: oci://registry.local/charts
      registry: {mirror: registry.local/mirror}
      model: {pathTemplate: "/mnt/disk0/models/{{org}}/{{name}}"}
      cache: {enabled: true, hostPath: /mnt/cache}
      nodes: {gpusPerNode: 8}
      """;

  private ComposeBench() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    List<ComposeRequest> requests = requests();
    int warmUpRounds = warmUp(requests, Math.max(rounds / 4, 20));
    long[] perPlan = runRounds(requests, rounds);
    Arrays.sort(perPlan);
    long total = Arrays.stream(perPlan).sum();
    double median = perPlan[perPlan.length / 2] / 1_000.0;
    double p90 = perPlan[(int) (perPlan.length * 0.9)] / 1_000.0;
    System.out.printf(
        "variants: %d, warm-up rounds: %d, rounds: %d, plans: %d%n",
        requests.size(), warmUpRounds, rounds, perPlan.length);
    System.out.printf(
        "plans per second: %.0f, p90 per plan: %.1f us%n", perPlan.length / (total / 1e9), p90);
    System.out.printf("median per plan: %.1f us (target: under %.0f us)%n", median, TARGET_MICROS);
  }

  /** Runs at least {@code minRounds} rounds and for at least the warm-up time; returns how many. */
  private static int warmUp(List<ComposeRequest> requests, int minRounds) {
    long until = System.nanoTime() + WARM_UP_SECONDS * 1_000_000_000L;
    int done = 0;
    while (done < minRounds || System.nanoTime() < until) {
      runRounds(requests, 1);
      done++;
    }
    return done;
  }

  private static long[] runRounds(List<ComposeRequest> requests, int rounds) {
    long[] times = new long[requests.size() * rounds];
    int i = 0;
    for (int r = 0; r < rounds; r++) {
      for (ComposeRequest req : requests) {
        long start = System.nanoTime();
        Plan plan = Composer.compose(req);
        if (plan.hash().isEmpty()) {
          throw new IllegalStateException("a composed plan has no hash");
        }
        times[i++] = System.nanoTime() - start;
      }
    }
    return times;
  }

  private static List<ComposeRequest> requests() {
    Catalog catalog = Catalog.open(SharedFixtures.modelCatalog().toString());
    Profile profile = Profile.parse(SITE, "bench-site");
    return EveryFixtureVariant.requests(catalog, profile, Map.of("replicaCount", 2L));
  }
}
