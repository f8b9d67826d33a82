package dev.modelsphere.swiss.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.ExamplePlans;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The route a plan publishes and the model name it serves under (reference §6.6). */
class ServingTest {
  private static Plan plan(String form) {
    return ExamplePlans.sglang("glm-53", "models", form);
  }

  @Test
  void aPlanWithNoRouteSettingsPublishesItsReleaseName() {
    assertThat(Serving.route(plan("{}"))).isEqualTo("glm-53");
  }

  @Test
  void theServiceIdNamesTheRouteWhenNoNginxRouteIsSet() {
    assertThat(Serving.route(plan("serviceId: glm"))).isEqualTo("glm");
  }

  @Test
  void anNginxRouteWinsOverTheServiceId() {
    assertThat(
            Serving.route(
                plan("serviceId: glm\nmodelRoute: {enabled: true, nginx: {route: glm-public}}")))
        .isEqualTo("glm-public");
  }

  @Test
  void routingTurnedOffPublishesNoRouteWhateverElseIsSet() {
    assertThat(Serving.route(plan("serviceId: glm\nmodelRoute: {enabled: false}"))).isEmpty();
    assertThat(Serving.route(plan("modelRoute: {enabled: \"yes\", nginx: {route: r}}"))).isEmpty();
  }

  @Test
  void theServedNameIsTheProjectedModelNameElseTheCatalogModel() {
    Plan projected = plan("model: {name: qwen}");
    Plan unnamed = projected.withLayers(Map.of("form", Map.of("replicaCount", 1)));

    assertThat(Serving.modelName(projected)).isEqualTo("qwen");
    assertThat(Serving.modelName(unnamed)).isEqualTo("qwen3-8b");
  }
}
