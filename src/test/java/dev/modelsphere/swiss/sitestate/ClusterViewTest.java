package dev.modelsphere.swiss.sitestate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.config.Server;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** server.md §3.2 and §3.3: GET /api/cluster and GET /api/sites. */
class ClusterViewTest {
  private static final String PROD =
      """
      name: prod
      namespace: modelforge
      chartRepo: oci://registry.example/charts
      schedule:
        priorityClassName: llm-high
      model:
        pathTemplate: /mnt/disk0/models/{{name}}
      sites:
        - {name: prod, url: https://swiss.prod.internal}
        - {name: dev, url: https://swiss.dev.internal}
      """;

  private final ObjectMapper json = new ObjectMapper();
  private final String fixtureRef = Catalog.open(TestSite.CATALOG).ref();

  private static ClusterView view(TestSite site, Config config, LlmServiceAccess access) {
    return new ClusterView(site.profiles, site.catalogs(config), config, "1.2.3", access);
  }

  private static ClusterView view(TestSite site) {
    return view(site, TestSite.config(Server.APPLY_WITH_HELM), LlmServiceAccess.withoutClient());
  }

  @Test
  void theClusterAnswerNamesTheSiteItsCatalogAndTheOtherSites() {
    JsonNode body = json.valueToTree(view(new TestSite(PROD)).cluster());

    assertThat(body.get("name").asText()).isEqualTo("prod");
    assertThat(body.get("profileName").asText()).isEqualTo("prod");
    assertThat(body.get("profile").asText()).isEqualTo("swiss/site-profile");
    assertThat(body.get("namespace").asText()).isEqualTo("modelforge");
    assertThat(body.get("chartRepo").asText()).isEqualTo("oci://registry.example/charts");
    assertThat(body.get("priorityClassName").asText()).isEqualTo("llm-high");
    assertThat(body.has("schedulerName")).isFalse();
    assertThat(body.get("catalog").asText()).isEqualTo(TestSite.CATALOG);
    assertThat(body.get("catalogFrom").asText()).isEqualTo("config");
    assertThat(body.get("catalogRef").asText()).isEqualTo(fixtureRef);
    assertThat(body.get("version").asText()).isEqualTo("1.2.3");
    assertThat(body.get("allowDeploy").asBoolean()).isFalse();
    assertThat(body.get("sites")).hasSize(1);
    assertThat(body.get("sites").get(0).get("name").asText()).isEqualTo("dev");
    assertThat(body.get("sites").get(0).get("url").asText())
        .isEqualTo("https://swiss.dev.internal");
    assertThat(body.has("warnings")).isFalse();
  }

  @Test
  void everyCatalogIsListedWithItsSourceAndRefAndTheDefaultIsMarkedAndShown() {
    String profile =
        PROD
            + """
            catalogs:
              - {name: public, url: %s}
              - {name: internal, url: %s, default: true}
            """
                .formatted("/nonexistent/public-catalog", TestSite.CATALOG);

    JsonNode body = json.valueToTree(view(new TestSite(profile)).cluster());

    assertThat(body.get("catalogFrom").asText()).isEqualTo("profile");
    assertThat(body.get("catalog").asText()).isEqualTo(TestSite.CATALOG);
    assertThat(body.get("catalogRef").asText()).isEqualTo(fixtureRef);
    JsonNode publicCatalog = body.get("catalogs").get(0);
    JsonNode internal = body.get("catalogs").get(1);
    assertThat(publicCatalog.get("name").asText()).isEqualTo("public");
    assertThat(publicCatalog.get("source").asText()).isEqualTo("/nonexistent/public-catalog");
    assertThat(publicCatalog.has("ref")).isFalse();
    assertThat(publicCatalog.has("default")).isFalse();
    assertThat(internal.get("ref").asText()).isEqualTo(fixtureRef);
    assertThat(internal.get("default").asBoolean()).isTrue();
    assertThat(internal.get("source").asText()).isEqualTo(TestSite.CATALOG + "/index.json");
    assertThat(body.get("warnings")).hasSize(1);
    assertThat(body.get("warnings").get(0).asText())
        .startsWith("catalog public: ")
        .contains("/nonexistent/public-catalog", "no such file");
  }

  @Test
  void anUnreadableProfileIsAWarningAndTheConfigsCatalogStillServes() {
    JsonNode body = json.valueToTree(view(new TestSite()).cluster());

    assertThat(body.get("name").asText()).isEmpty();
    assertThat(body.has("profileName")).isFalse();
    assertThat(body.has("namespace")).isFalse();
    assertThat(body.get("catalogRef").asText()).isEqualTo(fixtureRef);
    assertThat(body.get("warnings").get(0).asText())
        .startsWith("profile: ")
        .contains("swiss/site-profile");
  }

  @Test
  void theLlmServiceBlockAndItsWarningsComeFromTheAccessState() {
    LlmServiceAccess failingDiscovery =
        new LlmServiceAccess(
            () -> {
              throw new IllegalStateException("discovery timed out");
            },
            Clock.systemUTC());

    JsonNode body =
        json.valueToTree(
            view(new TestSite(PROD), TestSite.config(Server.APPLY_WITH_LLMSVC), failingDiscovery)
                .cluster());

    assertThat(body.get("llmservice").get("served").asBoolean()).isFalse();
    assertThat(body.get("llmservice").get("applyWith").asText()).isEqualTo("llmsvc");
    assertThat(body.get("llmservice").get("newInstalls").asText()).isEqualTo("helm");
    assertThat(body.get("warnings"))
        .extracting(JsonNode::asText)
        .containsExactly(
            "LLMService discovery failed: discovery timed out",
            "server.applyWith is llmsvc but the LLMService CRD is not served; new installs use"
                + " helm: discovery timed out");
  }

  @Test
  void theLlmServiceBlockSaysWhereNewInstallsGoWhenAllIsWell() {
    JsonNode block =
        json.valueToTree(
                view(
                        new TestSite(PROD),
                        TestSite.config(Server.APPLY_WITH_LLMSVC),
                        new LlmServiceAccess(() -> true, Clock.systemUTC()))
                    .cluster())
            .get("llmservice");

    assertThat(block.get("served").asBoolean()).isTrue();
    assertThat(block.get("newInstalls").asText()).isEqualTo("llmsvc");
  }

  @Test
  void theSitesAnswerExcludesThisSite() {
    JsonNode body = json.valueToTree(view(new TestSite(PROD)).sites());

    assertThat(body.get("self").asText()).isEqualTo("prod");
    assertThat(body.get("sites")).hasSize(1);
    assertThat(body.get("sites").get(0).get("name").asText()).isEqualTo("dev");
  }

  @Test
  void withAnUnreadableProfileTheSitesAnswerHasNoSelfAndNullSites() throws Exception {
    assertThat(json.writeValueAsString(view(new TestSite()).sites()))
        .isEqualTo("{\"self\":\"\",\"sites\":null}");
  }
}
