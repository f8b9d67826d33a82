package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.Fetcher;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.CatalogRepo;
import dev.modelsphere.swiss.site.Profile;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** server.md §1.7: which catalogs a site offers, and which one a request or a release means. */
class CatalogListTest {
  private static final Config CONFIG =
      new Config("https://config.example/catalog/", null, null, null, "/etc/swiss/swiss.yaml");

  private static final CatalogRepo PUBLIC =
      new CatalogRepo("public", "https://public.example/catalog/", false);
  private static final CatalogRepo INTERNAL =
      new CatalogRepo("internal", "https://internal.example/catalog/", false);

  private static CatalogList listing(CatalogRepo... repos) {
    return new CatalogList(List.of(repos), CatalogList.FROM_PROFILE, CONFIG.origin());
  }

  private static Profile profileWith(String catalogsYaml) {
    return Profile.parse("name: prod\nmodel:\n  pathTemplate: /m/{{name}}\n" + catalogsYaml, "p");
  }

  @Test
  void theProfilesCatalogsAreTheSitesCatalogs() {
    CatalogList list =
        CatalogList.of(
            Optional.of(
                profileWith(
                    "catalogs:\n  - {name: public, url: https://public.example/catalog/}\n"
                        + "  - {name: internal, url: https://internal.example/catalog/}\n")),
            CONFIG);

    assertThat(list.repos()).containsExactly(PUBLIC, INTERNAL);
    assertThat(list.from()).isEqualTo("profile");
  }

  @Test
  void aProfileWithoutCatalogsOrAnUnreadableOneFallsBackToTheConfigsCatalogNamedDefault() {
    CatalogList fromPlainProfile = CatalogList.of(Optional.of(profileWith("")), CONFIG);
    CatalogList fromNoProfile = CatalogList.of(Optional.empty(), CONFIG);

    for (CatalogList list : List.of(fromPlainProfile, fromNoProfile)) {
      assertThat(list.from()).isEqualTo("config");
      assertThat(list.repos())
          .extracting(CatalogRepo::name, CatalogRepo::url)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("default", CONFIG.catalog()));
    }
  }

  @Test
  void oneCatalogNeedsNoName() {
    assertThat(listing(PUBLIC).resolve("")).isEqualTo(PUBLIC);
    assertThat(listing(PUBLIC).resolve(null)).isEqualTo(PUBLIC);
  }

  @Test
  void severalCatalogsWithoutADefaultMustBeNamed() {
    CatalogList list = listing(PUBLIC, INTERNAL);

    assertRefused(
        () -> list.resolve(""), ErrorKind.INVALID, "2 catalogs", "public, internal", "name one");
    assertThat(list.resolve("internal")).isEqualTo(INTERNAL);
  }

  @Test
  void anUnnamedRequestMeansTheDefault() {
    CatalogRepo marked = new CatalogRepo("internal", INTERNAL.url(), true);

    assertThat(listing(PUBLIC, marked).resolve("")).isEqualTo(marked);
    assertThat(listing(PUBLIC, marked).shown()).contains(marked);
  }

  @Test
  void withoutADefaultTheFirstCatalogIsShown() {
    assertThat(listing(PUBLIC, INTERNAL).shown()).contains(PUBLIC);
    assertThat(listing().shown()).isEmpty();
  }

  @Test
  void anUnknownNameIsRefusedListingTheKnownOnes() {
    assertRefused(
        () -> listing(PUBLIC, INTERNAL).resolve("archived"),
        ErrorKind.INVALID,
        "\"archived\"",
        "public, internal");
  }

  @Test
  void noCatalogAtAllNamesTheConfigFile() {
    assertRefused(
        () -> listing().resolve(""), ErrorKind.INVALID, "no catalog", "/etc/swiss/swiss.yaml");
  }

  @Test
  void aReleaseBelongsToTheCatalogItsPlanNames() {
    CatalogRepo marked = new CatalogRepo("public", PUBLIC.url(), true);

    assertThat(listing(marked, INTERNAL).forRelease("internal", "")).isEqualTo(INTERNAL);
    assertRefused(
        () -> listing(marked, INTERNAL).forRelease("archived", ""),
        ErrorKind.INVALID,
        "\"archived\", which this site no longer lists");
  }

  @Test
  void anUnnamedPlanMatchesAListedCatalogByItsRecordedLocation() {
    String recorded = Fetcher.forLocation(INTERNAL.url()).location();

    assertThat(listing(PUBLIC, INTERNAL).forRelease("", recorded)).isEqualTo(INTERNAL);
    assertThat(recorded).isEqualTo("https://internal.example/catalog/index.json");
  }

  @Test
  void anUnnamedPlanFromAnUnlistedLocationFallsBackToTheDefault() {
    CatalogRepo marked = new CatalogRepo("public", PUBLIC.url(), true);

    assertThat(listing(marked, INTERNAL).forRelease("", "https://gone.example/index.json"))
        .isEqualTo(marked);
    assertThat(listing(INTERNAL).forRelease("", "")).isEqualTo(INTERNAL);
  }

  @Test
  void anUnnamedPlanWithNoDefaultToStandInIsRefused() {
    assertRefused(
        () -> listing(PUBLIC, INTERNAL).forRelease("", "https://gone.example/index.json"),
        ErrorKind.INVALID,
        "https://gone.example/index.json",
        "mark one catalog default");
  }
}
