package dev.modelsphere.swiss.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DefaultProfileTest {

  @Test
  void defaultProfileParsesWithTheClusterAsItsName() {
    Profile p = Profile.parse(Profile.defaultYaml("gpu-east"), "default");

    assertThat(p.name()).isEqualTo("gpu-east");
    assertThat(p.namespace()).isEqualTo("models");
    assertThat(p.chartRepo()).isEqualTo("https://modelsphere.github.io/helm-charts");
    assertThat(p.catalogs()).as("the catalogs list is a commented example").isEmpty();
    assertThat(p.nodes().gpusPerNode()).isEqualTo(8);
    assertThat(p.cache().enabled()).isFalse();
    assertThat(p.scaler().serverAddress()).isEqualTo("http://decision-gen.llm-scaler.svc:80");
    assertThat(p.scaler().sloAddress()).isEqualTo("http://slo-api.llm-scaler.svc:80");
    assertThat(p.route().nginxConfigMap()).isEqualTo("llm-route/openresty-conf");
    assertThat(p.route().monitorConfigMap()).isEqualTo("llm-route/monitor-conf");
  }

  @Test
  void defaultProfileKeepsTheNamePlaceholderForCompose() {
    Profile p = Profile.parse(Profile.defaultYaml("gpu-east"), "default");

    assertThat(p.model().pathTemplate()).isEqualTo("/mnt/disk0/models/{{name}}");
    assertThat(p.localPath("zai-org/GLM-5.3", "glm")).isEqualTo("/mnt/disk0/models/GLM-5.3");
  }

  @Test
  void defaultProfileStillParsesWithoutAClusterName() {
    assertThat(Profile.parse(Profile.defaultYaml(""), "default").name()).isEqualTo("this-cluster");
    assertThat(Profile.parse(Profile.defaultYaml(null), "default").name())
        .isEqualTo("this-cluster");
  }

  @Test
  void defaultProfileExplainsItsSettingsInComments() {
    String yaml = Profile.defaultYaml("gpu-east");

    assertThat(yaml).contains("# catalogs:", "# hostPath:", "# sites:");
  }

  @Test
  void theCommentedCatalogsListParsesOnceUncommented() {
    String template = Profile.defaultYaml("gpu-east");
    int start = template.indexOf("# catalogs:");
    int end = template.indexOf("\n\n", start);
    String block = template.substring(start, end);
    String yaml = template.replace(block, block.replaceAll("(?m)^# ", ""));

    Profile p = Profile.parse(yaml, "default");

    assertThat(p.catalogs())
        .containsExactly(
            new CatalogRepo("public", "https://modelsphere.github.io/model-catalog/", true),
            new CatalogRepo("internal", "https://models.example.com/catalog/", false));
  }
}
