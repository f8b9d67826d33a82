package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.chartrepo.RepoException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.testing.CatalogEntries;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** server.md §3.6: the chart versions a variant allows, and the listing cache. */
class ChartVersionsAnswerTest {
  private static final String PROFILE =
      """
      name: prod
      chartRepo: oci://registry.example/charts
      model:
        pathTemplate: /m/{{name}}
      """;

  private final TestSite site = new TestSite(PROFILE);
  private final List<String> listedFor = new ArrayList<>();
  private List<String> repository = List.of("0.7.7", "0.7.8", "0.8.0", "0.8.2", "0.9.0-rc.1");
  private final ChartListings listings =
      new ChartListings(
          TestSite.TTL,
          site.clock,
          (repo, path, name) -> {
            listedFor.add(repo + "|" + path + "|" + name);
            return repository;
          });

  private ChartVersionsAnswer answer(String model, String variant) {
    return ChartVersionsAnswer.of(
        site.catalogs().entry("", model, ""), variant, site.profiles, listings);
  }

  @Test
  void aPinnedVariantListsItsOneVersionWithoutReadingTheRepository() {
    ChartVersionsAnswer answer = answer("modelforge", "");

    assertThat(answer)
        .isEqualTo(new ChartVersionsAnswer("sglang", "0.7.0", "sglang-tp2", List.of("0.7.0")));
    assertThat(listedFor).isEmpty();
    assertThat(new ObjectMapper().valueToTree(answer).fieldNames())
        .toIterable()
        .containsExactly("chart", "range", "variant", "versions");
  }

  @Test
  void aRangeListsTheRepositorysVersionsInRangeNewestFirstWithoutPrereleases() {
    ChartVersionsAnswer answer = answer("glm5.3", "sglang-tp4-b300-optimized");

    assertThat(answer.range()).isEqualTo(">=0.7.8");
    assertThat(answer.variant()).isEqualTo("sglang-tp4-b300-optimized");
    assertThat(answer.versions()).containsExactly("0.8.2", "0.8.0", "0.7.8");
    assertThat(listedFor).containsExactly("oci://registry.example/charts||sglang");
  }

  @Test
  void theRepositoryIsListedOncePerTtl() {
    answer("glm5.3", "");
    answer("kimi-k3", "");
    assertThat(listedFor).hasSize(1);

    site.clock.advance(TestSite.TTL);
    answer("glm5.3", "");
    assertThat(listedFor).hasSize(2);
  }

  @Test
  void aFailedListingIsABadGatewayAndIsNotKept() {
    ChartListings failing =
        new ChartListings(
            TestSite.TTL,
            site.clock,
            (repo, path, name) -> {
              listedFor.add(name);
              throw new RepoException("oci://registry.example/charts/sglang", 401, null);
            });
    CatalogEntry glm = site.catalogs().entry("", "glm5.3", "");

    assertRefused(
        () -> ChartVersionsAnswer.of(glm, "", site.profiles, failing),
        ErrorKind.UPSTREAM_FAILED,
        "needs a login",
        "Name a chart version");
    assertRefused(
        () -> ChartVersionsAnswer.of(glm, "", site.profiles, failing), ErrorKind.UPSTREAM_FAILED);
    assertThat(listedFor).hasSize(2);
  }

  @Test
  void aChartFolderListsTheVersionOfItsChart() {
    TestSite local =
        new TestSite(
            "name: lab\nchartPath: %s\nmodel:\n  pathTemplate: /m\n"
                .formatted(SharedFixtures.helmCharts()));

    ChartVersionsAnswer answer =
        ChartVersionsAnswer.of(
            local.catalogs().entry("", "deepseek-v4-pro", ""),
            "sglang-tp8-pp2-6000d",
            local.profiles,
            ChartListings.ofRepositories(Duration.ofSeconds(60), local.clock));

    assertThat(answer.versions()).containsExactly("0.7.0");
  }

  @Test
  void anUnknownVariantIsNotFound() {
    assertRefused(() -> answer("glm5.3", "gone"), ErrorKind.NOT_FOUND, "gone");
  }

  @Test
  void anUnreadableProfileIsUnavailable() {
    TestSite unconfigured = new TestSite();

    assertRefused(
        () ->
            ChartVersionsAnswer.of(
                unconfigured.catalogs().entry("", "glm5.3", ""),
                "",
                unconfigured.profiles,
                listings),
        ErrorKind.UNAVAILABLE,
        "swiss/site-profile");
  }

  @Test
  void aSpecThatDoesNotParseIsABadGateway() {
    CatalogEntry found = site.catalogs().entry("", "modelforge", "");
    Entry withBroken =
        CatalogEntries.fromVersionFile(
            """
            apiVersion: catalog.swiss/v1
            name: broken
            version: 1.0.0
            variants:
              - id: sglang-tp2
                engine: sglang
                chart: {name: sglang, version: ">=banana"}
                requires: {gpus: 2}
            """,
            "org/broken");

    assertRefused(
        () ->
            ChartVersionsAnswer.of(
                new CatalogEntry(found.catalog(), withBroken), "", site.profiles, listings),
        ErrorKind.UPSTREAM_FAILED,
        "sglang-tp2",
        ">=banana");
  }
}
