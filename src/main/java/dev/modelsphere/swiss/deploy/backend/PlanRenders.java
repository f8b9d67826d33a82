package dev.modelsphere.swiss.deploy.backend;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.plan.Plan;
import java.time.Duration;
import java.util.function.Function;

/**
 * The renders of recent plans, shared by preflight's chart-schema rule and the helm deployer, so an
 * install renders its plan once: preflight renders it at the gate, the deployer's own check before
 * any write finds that render here.
 *
 * <p>Keyed by the plan's hash (release, source, chart and merged values) and where its chart is
 * read from, which is everything a render depends on. Only renders that succeeded are kept: a
 * refusal is answered at once and rendered again on the next try, after the user changed something.
 * Bounded in count and in age: a local chart directory edited in place renders differently under
 * the same key, so a render older than {@link #KEPT_FOR} is made again; helm's own install renders
 * from the chart as it is then in any case.
 */
public final class PlanRenders {
  /** An apply follows its preflight within one request; a few minutes covers a slow one. */
  public static final Duration KEPT_FOR = Duration.ofMinutes(5);

  /** Renders in flight at once are few (one per concurrent plan or apply); manifests are small. */
  private static final long MOST = 64;

  // The chart's digest is part of the key: a re-pushed chart version renders anew.
  private record Key(String planHash, ChartLocation chart, String chartDigest) {}

  /**
   * A plan's manifest and the chart it was rendered from.
   *
   * @param chartDigest the chart's digest ({@link ChartRenderer#digest}); empty when unknown
   */
  public record Render(String manifest, String chartDigest) {}

  private final Function<RenderRequest, String> renderer;
  private final Function<ChartLocation, String> digests;
  private final Cache<Key, String> kept;

  /**
   * @param renderer what actually renders, on a miss: {@link ChartRenderer#render}, or a counting
   *     wrapper in a test
   * @param digests each chart's digest as it is now: {@link ChartRenderer#digest}
   */
  public PlanRenders(
      Function<RenderRequest, String> renderer, Function<ChartLocation, String> digests) {
    this.renderer = renderer;
    this.digests = digests;
    this.kept = Caffeine.newBuilder().maximumSize(MOST).expireAfterWrite(KEPT_FOR).build();
  }

  public static PlanRenders of(ChartRenderer renderer) {
    return new PlanRenders(renderer::render, renderer::digest);
  }

  /**
   * The manifest of {@code plan}, rendered now or earlier from the chart as it is now.
   *
   * @param chartRoot the folder of chart directories for a plan without a chart source; may be ""
   * @throws dev.modelsphere.swiss.helm.HelmException as {@link ChartRenderer#render} does
   */
  public Render render(Plan plan, String chartRoot) {
    RenderRequest request = PlanCharts.request(plan, chartRoot);
    String digest = digests.apply(request.chart());
    // Computed, not taken from the plan: a plan from a request may carry none, or a stale one.
    Key key = new Key(plan.computeHash(), request.chart(), digest);
    String manifest = kept.get(key, k -> renderer.apply(request.pinnedTo(digest)));
    return new Render(manifest, digest);
  }
}
