package dev.modelsphere.swiss.llmsvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.Crds;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The CRD generated from our Java types must be the wire contract the fixture describes. */
class LlmServiceCrdTest {
  private final CustomResourceDefinition generated = Crds.llmService();
  private final CustomResourceDefinition fixture = Crds.fixture(LlmService.CRD_NAME);

  @Test
  void theGeneratedCrdIsOnTheClasspathUnderItsWellKnownName() {
    assertThat(generated.getMetadata().getName()).isEqualTo("llmservices.serving.modelsphere.dev");
  }

  @Test
  void theGeneratedCrdHasTheFixturesGroupVersionNamesAndScope() {
    assertThat(generated.getSpec().getGroup())
        .isEqualTo(fixture.getSpec().getGroup())
        .isEqualTo("serving.modelsphere.dev");
    assertThat(generated.getSpec().getScope())
        .isEqualTo(fixture.getSpec().getScope())
        .isEqualTo("Namespaced");
    assertThat(generated.getSpec().getNames().getKind())
        .isEqualTo(fixture.getSpec().getNames().getKind());
    assertThat(generated.getSpec().getNames().getPlural())
        .isEqualTo(fixture.getSpec().getNames().getPlural());
    assertThat(generated.getSpec().getNames().getSingular())
        .isEqualTo(fixture.getSpec().getNames().getSingular());
    assertThat(generated.getSpec().getNames().getShortNames())
        .isEqualTo(fixture.getSpec().getNames().getShortNames());
    assertThat(version(generated).getName())
        .isEqualTo(version(fixture).getName())
        .isEqualTo("v1alpha1");
  }

  @Test
  void theGeneratedCrdServesAStatusSubresourceLikeTheFixture() {
    assertThat(version(fixture).getSubresources().getStatus()).isNotNull();
    assertThat(version(generated).getSubresources()).isNotNull();
    assertThat(version(generated).getSubresources().getStatus()).isNotNull();
    assertThat(version(generated).getServed()).isTrue();
    assertThat(version(generated).getStorage()).isTrue();
  }

  @Test
  void theGeneratedSpecHasTheFixturesFieldNamesAndTypes() {
    assertThat(fieldTypes(generated, "spec"))
        .isEqualTo(fieldTypes(fixture, "spec"))
        .containsKeys(
            "spec.chart.credentialsRef.name",
            "spec.layers[].values",
            "spec.model.engine",
            "spec.suspend");
  }

  @Test
  void theGeneratedStatusHasTheFixturesFieldNamesAndTypes() {
    assertThat(fieldTypes(generated, "status"))
        .isEqualTo(fieldTypes(fixture, "status"))
        .containsKeys(
            "status.conditions[].observedGeneration",
            "status.helm.revision",
            "status.history[].annotations");
  }

  @Test
  void theGeneratedCrdRequiresWhatTheFixtureRequiresOutsideConditions() {
    JSONSchemaProps generatedRoot = version(generated).getSchema().getOpenAPIV3Schema();
    JSONSchemaProps fixtureRoot = version(fixture).getSchema().getOpenAPIV3Schema();
    assertThat(generatedRoot.getRequired())
        .containsExactlyInAnyOrderElementsOf(fixtureRoot.getRequired());
    for (String path :
        new String[] {
          "spec", "spec.chart", "spec.chart.credentialsRef", "spec.layers[]", "status.history[]"
        }) {
      assertThat(at(generatedRoot, path).getRequired())
          .as(path)
          .containsExactlyInAnyOrderElementsOf(at(fixtureRoot, path).getRequired());
    }
  }

  @Test
  void theLayerValuesStaySchemalessLikeTheFixture() {
    JSONSchemaProps values =
        at(version(generated).getSchema().getOpenAPIV3Schema(), "spec.layers[].values");
    assertThat(values.getXKubernetesPreserveUnknownFields()).isTrue();
  }

  @Test
  void theGeneratedCrdHasTheFixturesPrinterColumns() {
    Map<String, String> generatedColumns = new TreeMap<>();
    version(generated)
        .getAdditionalPrinterColumns()
        .forEach(c -> generatedColumns.put(c.getName(), c.getJsonPath()));
    Map<String, String> fixtureColumns = new TreeMap<>();
    version(fixture)
        .getAdditionalPrinterColumns()
        .forEach(c -> fixtureColumns.put(c.getName(), c.getJsonPath()));
    assertThat(generatedColumns).isEqualTo(fixtureColumns);
  }

  private static CustomResourceDefinitionVersion version(CustomResourceDefinition crd) {
    assertThat(crd.getSpec().getVersions()).hasSize(1);
    return crd.getSpec().getVersions().get(0);
  }

  /** The schema node at a dotted path, {@code []} stepping into list items. */
  private static JSONSchemaProps at(JSONSchemaProps root, String path) {
    JSONSchemaProps node = root;
    for (String step : path.split("\\.")) {
      boolean item = step.endsWith("[]");
      node = node.getProperties().get(item ? step.substring(0, step.length() - 2) : step);
      assertThat(node).as(path).isNotNull();
      if (item) {
        node = node.getItems().getSchema();
      }
    }
    return node;
  }

  /** Every property under {@code root}, by dotted path ({@code []} for list items), to its type. */
  private static Map<String, String> fieldTypes(CustomResourceDefinition crd, String root) {
    JSONSchemaProps schema =
        version(crd).getSchema().getOpenAPIV3Schema().getProperties().get(root);
    assertThat(schema).as("%s schema of %s", root, crd.getMetadata().getName()).isNotNull();
    Map<String, String> types = new TreeMap<>();
    walk(root, schema, types);
    return types;
  }

  private static void walk(String path, JSONSchemaProps schema, Map<String, String> types) {
    types.put(path, String.valueOf(schema.getType()));
    if (schema.getProperties() != null) {
      schema.getProperties().forEach((name, child) -> walk(path + "." + name, child, types));
    }
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      walk(path + "[]", schema.getItems().getSchema(), types);
    }
  }
}
