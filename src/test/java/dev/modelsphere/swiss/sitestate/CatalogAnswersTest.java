package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.testing.CatalogEntries;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** server.md §3.4 and §3.5: the catalog index and one entry as the site sees it. */
class CatalogAnswersTest {
  private static final String MIRRORED =
      """
      name: prod
      namespace: modelforge
      registry:
        mirror: registry.internal/mirror/
      model:
        pathTemplate: /mnt/disk0/models/{{name}}
        overrides:
          kimi-k3: /mnt/disk0/models/Kimi-K3
      """;

  private final ObjectMapper json = new ObjectMapper();
  private final Catalog fixture = Catalog.open(TestSite.CATALOG);

  @Test
  void theIndexAnswerNamesTheCatalogAndCarriesNoVariantValues() {
    JsonNode body =
        json.valueToTree(CatalogIndexAnswer.of(new TestSite(MIRRORED).catalogs().open("")));

    assertThat(body.get("name").asText()).isEqualTo("default");
    assertThat(body.get("ref").asText()).isEqualTo(fixture.ref());
    assertThat(body.get("source").asText()).isEqualTo(fixture.location());
    JsonNode glm = body.get("index").get("models").get(1);
    assertThat(glm.get("name").asText()).isEqualTo("glm5.3");
    assertThat(glm.get("latest").asText()).isEqualTo("1.0.4");
    assertThat(glm.get("versions").get(0).get("variants").get(0).has("id")).isTrue();
    assertThat(body.findValues("values")).isEmpty();
  }

  @Test
  void anUnknownCatalogNameIsABadRequest() {
    assertRefused(
        () -> new TestSite(MIRRORED).catalogs().open("internal"),
        ErrorKind.INVALID,
        "no catalog named \"internal\" (have: default)");
  }

  @Test
  void theEntryAnswerCarriesTheValuesAndWhatTheSiteMakesOfTheEntry() {
    TestSite site = new TestSite(MIRRORED);
    CatalogEntry found = site.catalogs().entry("", "modelforge", "");

    JsonNode body =
        json.valueToTree(CatalogEntryAnswer.of(found, site.profiles.profileIfReadable()));

    assertThat(body.get("ref").asText()).isEqualTo(fixture.ref());
    assertThat(body.get("entry").get("variants").get(0).get("values").has("extraArgs")).isTrue();
    assertThat(body.get("pathTemplate").asText()).isEqualTo("/mnt/disk0/models/{{name}}");
    assertThat(body.get("localPath").asText())
        .isEqualTo("/mnt/disk0/models/Qwen3.6-35B-A3B-793303");
    assertThat(body.get("imageRepository").get("sglang-tp2").asText())
        .isEqualTo("registry.internal/mirror/sglang");
  }

  @Test
  void aModelOverrideIsTheLocalPath() {
    TestSite site = new TestSite(MIRRORED);

    CatalogEntryAnswer answer =
        CatalogEntryAnswer.of(
            site.catalogs().entry("", "kimi-k3", "1.0.0"), site.profiles.profileIfReadable());

    assertThat(answer.localPath()).isEqualTo("/mnt/disk0/models/Kimi-K3");
  }

  @Test
  void aPathThatCannotBeMadeIsLeftOut() {
    TestSite site = new TestSite(MIRRORED);
    CatalogEntry found = site.catalogs().entry("", "modelforge", "");
    Entry notOrgName =
        CatalogEntries.fromVersionFile(
            """
            apiVersion: catalog.swiss/v1
            name: solo
            version: 1.0.0
            variants:
              - id: one
                engine: sglang
                chart: {name: sglang, version: 0.7.0}
                requires: {gpus: 1}
            """,
            "just-a-name");

    JsonNode body =
        json.valueToTree(
            CatalogEntryAnswer.of(
                new CatalogEntry(found.catalog(), notOrgName), site.profiles.profileIfReadable()));

    assertThat(body.has("localPath")).isFalse();
    assertThat(body.get("pathTemplate").asText()).isEqualTo("/mnt/disk0/models/{{name}}");
  }

  @Test
  void withoutAReadableProfileTheEntryComesAlone() {
    TestSite site = new TestSite();

    JsonNode body =
        json.valueToTree(
            CatalogEntryAnswer.of(site.catalogs().entry("", "modelforge", ""), Optional.empty()));

    assertThat(body.fieldNames()).toIterable().containsExactly("ref", "entry");
  }

  @Test
  void anUnknownModelOrVersionIsNotFound() {
    SiteCatalogs catalogs = new TestSite(MIRRORED).catalogs();

    assertRefused(
        () -> catalogs.entry("", "no-such-model", ""), ErrorKind.NOT_FOUND, "no-such-model");
    assertRefused(() -> catalogs.entry("", "glm5.3", "9.9.9"), ErrorKind.NOT_FOUND, "9.9.9");
  }

  @Test
  void anUnknownVariantIsNotFound() {
    CatalogEntry found = new TestSite(MIRRORED).catalogs().entry("", "modelforge", "");

    assertRefused(() -> found.variant("gone"), ErrorKind.NOT_FOUND, "no variant \"gone\"");
    assertThat(found.variant("").id()).isEqualTo("sglang-tp2");
  }
}
