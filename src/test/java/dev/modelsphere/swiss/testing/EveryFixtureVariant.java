package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.IndexModel;
import dev.modelsphere.swiss.catalog.IndexVersion;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.site.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One compose request for every variant of every version of the real catalog. */
public final class EveryFixtureVariant {
  /** Chart versions a repository could list; the catalog's ranges pick from these. */
  public static final List<String> PUBLISHED_CHARTS =
      List.of("0.6.0", "0.7.0", "0.7.6", "0.7.8", "0.8.0", "0.8.2", "0.9.1");

  private EveryFixtureVariant() {}

  public static List<ComposeRequest> requests(
      Catalog catalog, Profile profile, Map<String, Object> form) {
    List<ComposeRequest> out = new ArrayList<>();
    for (IndexModel model : catalog.index().models()) {
      for (IndexVersion version : model.versions()) {
        Entry entry = catalog.entry(model.name(), version.version());
        for (Variant variant : entry.variants()) {
          String chart =
              ChartVersionSpec.resolve(
                  ChartVersionSpec.parse(variant.chart().version()),
                  null,
                  null,
                  () -> PUBLISHED_CHARTS);
          out.add(request(catalog, entry, variant, profile, form, chart));
        }
      }
    }
    return out;
  }

  /** The request for one variant, released under the model's name in the profile's namespace. */
  public static ComposeRequest request(
      Catalog catalog,
      Entry entry,
      Variant variant,
      Profile profile,
      Map<String, Object> form,
      String chartVersion) {
    return new ComposeRequest(
        catalog.location(),
        "",
        catalog.ref(),
        entry,
        variant,
        profile,
        entry.name(),
        "",
        form,
        Map.of(),
        false,
        chartVersion);
  }
}
