package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.catalog.ChartVersionListException;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.server.http.ApiException;
import java.util.function.Supplier;

/**
 * The status of a plan that could not be composed, as the reference's {@code handlePlan} and {@code
 * handleDiff} answer it: the request is refused (400) whatever kept the plan from being composed (a
 * catalog or profile that cannot be read included), save a chart repository that could not be
 * listed, which {@code POST /api/plans} answers 502. A release that is not there (404) and the
 * other kinds keep their own status.
 */
final class ComposeRefusals {
  private ComposeRefusals() {}

  /**
   * @param listingIsUpstream whether a chart listing failure stays 502 ({@code /api/plans}) or is
   *     the request's too ({@code /api/diff})
   */
  static <T> T compose(Supplier<T> compose, boolean listingIsUpstream) {
    try {
      return compose.get();
    } catch (DomainException e) {
      if (!outsideTheRequest(e.kind()) || (listingIsUpstream && isChartListing(e))) {
        throw e;
      }
      throw new ApiException(400, e.getMessage(), e);
    }
  }

  private static boolean outsideTheRequest(ErrorKind kind) {
    return kind == ErrorKind.UPSTREAM_FAILED || kind == ErrorKind.UNAVAILABLE;
  }

  private static boolean isChartListing(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ChartVersionListException) {
        return true;
      }
    }
    return false;
  }
}
