package dev.modelsphere.swiss.site;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ProfileJsonTest {
  private final ObjectMapper json =
      new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);

  @Test
  void everySectionIsAnObjectEvenWhenTheProfileLeavesItOut() {
    JsonNode node = json.valueToTree(Profile.parse("name: t\nmodel:\n  pathTemplate: /m\n", "t"));

    for (String section :
        new String[] {"registry", "model", "schedule", "cache", "scaler", "route", "nodes"}) {
      assertThat(node.get(section)).as(section).isNotNull();
      assertThat(node.get(section).isObject()).as(section).isTrue();
    }
    assertThat(node.get("route").get("auth").isObject()).isTrue();
  }

  @Test
  void emptyScalarsAreOmittedAndSetOnesUseTheProfileFieldNames() {
    Profile p =
        Profile.parse(
            """
        name: t
        model:
          pathTemplate: /m/{{name}}
        cache:
          enabled: true
        route:
          nginxPort: 9000
        nodes:
          gpusPerNode: 8
        catalogs:
          - {name: a, url: /a, default: true}
        """,
            "t");

    JsonNode node = json.valueToTree(p);

    assertThat(node.has("namespace")).isFalse();
    assertThat(node.has("sites")).isFalse();
    assertThat(node.has("extra")).isFalse();
    assertThat(node.get("registry").size()).isZero();
    assertThat(node.get("scaler").size()).isZero();
    assertThat(node.get("name").asText()).isEqualTo("t");
    assertThat(node.get("model").get("pathTemplate").asText()).isEqualTo("/m/{{name}}");
    assertThat(node.get("model").has("overrides")).isFalse();
    assertThat(node.get("cache").get("enabled").asBoolean()).isTrue();
    assertThat(node.get("route").get("nginxPort").asInt()).isEqualTo(9000);
    assertThat(node.get("nodes").get("gpusPerNode").asInt()).isEqualTo(8);
    assertThat(node.get("catalogs").get(0).get("default").asBoolean()).isTrue();
    assertThat(node.get("catalogs").get(0).has("isDefault")).isFalse();
  }

  @Test
  void falseAndZeroAreOmittedLikeOtherEmptyScalars() {
    JsonNode node = json.valueToTree(Profile.parse("name: t\nmodel:\n  pathTemplate: /m\n", "t"));

    assertThat(node.get("cache").has("enabled")).isFalse();
    assertThat(node.get("nodes").has("gpusPerNode")).isFalse();
    assertThat(node.get("route").has("nginxPort")).isFalse();
  }

  @Test
  void theJsonFormReadsBackToTheSameProfile() throws Exception {
    Profile p =
        Profile.parse(
            Profile.defaultYaml("c1")
                + "catalogs:\n  - {name: a, url: /a, default: true}\n  - {name: b, url: https://b}\n"
                + "sites:\n  - {name: c2, url: https://c2}\nextra:\n  a: {b: 1}\n",
            "default");

    assertThat(json.readValue(json.writeValueAsString(p), Profile.class)).isEqualTo(p);
  }
}
