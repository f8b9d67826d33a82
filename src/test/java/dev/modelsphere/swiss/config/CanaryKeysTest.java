package dev.modelsphere.swiss.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CanaryKeysTest {
  @TempDir Path dir;

  private Config load(String yaml) throws IOException {
    Path file = dir.resolve("swiss.yaml");
    Files.writeString(file, yaml);
    return Config.load(file);
  }

  @Test
  void theDefaultsAreTheKeysOfTheCanarySpecification() {
    CanaryKeys keys = CanaryKeys.defaults();

    assertThat(keys.group()).isEqualTo("canary.modelsphere.dev");
    assertThat(keys.version()).isEqualTo("v1alpha1");
    assertThat(keys.kind()).isEqualTo("LLMCanary");
    assertThat(keys.plural()).isEqualTo("llmcanaries");
    assertThat(keys.nameLabel()).isEqualTo("canary.modelsphere.dev/name");
    assertThat(keys.namespaceLabel()).isEqualTo("canary.modelsphere.dev/namespace");
    assertThat(keys.armLabel()).isEqualTo("canary.modelsphere.dev/arm");
    assertThat(keys.assignmentAnnotation()).isEqualTo("canary.modelsphere.dev/assigned-to");
    assertThat(keys.apiVersion()).isEqualTo("canary.modelsphere.dev/v1alpha1");
  }

  @Test
  void aConfigWithoutACanaryBlockUsesTheDefaults() throws IOException {
    assertThat(load("catalog: /c\n").canary()).isEqualTo(CanaryKeys.defaults());
  }

  @Test
  void eachCanaryKeyCanBeSetAloneAndTheOthersKeepTheirDefaults() throws IOException {
    CanaryKeys keys =
        load("""
        canary:
          group: experiments.example.com
          version: v1
          armLabel: experiments.example.com/arm
        """)
            .canary();

    assertThat(keys.apiVersion()).isEqualTo("experiments.example.com/v1");
    assertThat(keys.armLabel()).isEqualTo("experiments.example.com/arm");
    assertThat(keys.kind()).isEqualTo("LLMCanary");
    assertThat(keys.plural()).isEqualTo("llmcanaries");
    assertThat(keys.nameLabel()).isEqualTo("canary.modelsphere.dev/name");
    assertThat(keys.assignmentAnnotation()).isEqualTo("canary.modelsphere.dev/assigned-to");
  }

  @Test
  void everyCanaryKeyIsRead() throws IOException {
    CanaryKeys keys =
        load("""
        canary:
          group: g.example.com
          version: v2
          kind: Experiment
          plural: experiments
          nameLabel: g.example.com/owner
          namespaceLabel: g.example.com/owner-namespace
          armLabel: g.example.com/side
          assignmentAnnotation: g.example.com/borrowed-by
        """)
            .canary();

    assertThat(keys)
        .isEqualTo(
            new CanaryKeys(
                "g.example.com",
                "v2",
                "Experiment",
                "experiments",
                "g.example.com/owner",
                "g.example.com/owner-namespace",
                "g.example.com/side",
                "g.example.com/borrowed-by"));
  }

  @Test
  void anUnknownCanaryKeyIsRefused() {
    assertThatThrownBy(() -> load("canary:\n  ownerLabel: x\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("canary.ownerLabel");
  }
}
