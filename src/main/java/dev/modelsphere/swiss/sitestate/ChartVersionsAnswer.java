package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.catalog.ChartVersionException;
import dev.modelsphere.swiss.catalog.ChartVersionListException;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import java.util.List;

/**
 * The body of {@code GET /api/catalog/{model}/chart-versions}: the chart versions a variant allows,
 * for the deploy form's version picker.
 *
 * @param chart the variant's chart name
 * @param range the variant's chart version spec as written
 * @param variant the variant's id (the default variant's when the request names none)
 * @param versions a pinned spec's one version, or the repository's versions in range, newest first
 */
public record ChartVersionsAnswer(
    String chart, String range, String variant, List<String> versions) {

  public ChartVersionsAnswer {
    versions = List.copyOf(versions);
  }

  /**
   * The versions the variant's spec allows. A pinned spec is answered without reading the
   * repository or the profile.
   *
   * @param variantId null or empty for the default variant
   * @throws SiteStateException {@code NOT_FOUND} for an unknown variant, {@code BAD_GATEWAY} when
   *     the catalog's spec does not parse or the repository cannot be listed, {@code UNAVAILABLE}
   *     when a range must be listed and the profile (which says where charts live) cannot be read
   */
  public static ChartVersionsAnswer of(
      CatalogEntry found, String variantId, SiteProfiles profiles, ChartListings listings) {
    Variant variant = found.variant(variantId);
    String chart = variant.chart().name();
    ChartVersionSpec spec = parse(variant);
    if (spec.isExact()) {
      // Nothing to list, so nothing to read: a site not yet set up still gets its one version.
      return new ChartVersionsAnswer(chart, spec.toString(), variant.id(), List.of(spec.exact()));
    }
    Profile profile = profiles.profile();
    List<String> listed;
    try {
      listed = listings.versions(profile.chartRepo(), profile.chartPath(), chart);
    } catch (RuntimeException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          new ChartVersionListException(spec.toString(), e).getMessage(),
          e);
    }
    return new ChartVersionsAnswer(chart, spec.toString(), variant.id(), spec.match(listed));
  }

  private static ChartVersionSpec parse(Variant variant) {
    try {
      return ChartVersionSpec.parse(variant.chart().version());
    } catch (ChartVersionException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          "variant %s: %s -- the catalog must fix this variant's chart.version"
              .formatted(variant.id(), e.getMessage()),
          e);
    }
  }
}
