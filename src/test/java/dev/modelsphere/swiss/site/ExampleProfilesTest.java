package dev.modelsphere.swiss.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ExampleProfilesTest {
  private static final Path EXAMPLES = Path.of(System.getProperty("user.dir"), "examples");

  private static List<Path> exampleProfiles() throws IOException {
    try (Stream<Path> files = Files.list(EXAMPLES)) {
      return files
          .filter(f -> f.getFileName().toString().matches("site-.*\\.yaml"))
          .sorted()
          .toList();
    }
  }

  @Test
  void everyExampleProfileLoads() throws IOException {
    List<Path> profiles = exampleProfiles();

    assertThat(profiles).isNotEmpty();
    for (Path profile : profiles) {
      assertThatCode(() -> Profile.load(profile)).as(profile.toString()).doesNotThrowAnyException();
    }
  }

  @Test
  void theDemoProfileDescribesAnEightGpuSiteWithLocalChartsAndNoMirror() {
    Profile demo = Profile.load(EXAMPLES.resolve("site-demo.yaml"));

    assertThat(demo.name()).isEqualTo("demo");
    assertThat(demo.namespace()).isEqualTo("models");
    assertThat(demo.chartPath()).isEqualTo("examples/charts");
    assertThat(demo.mirrorImage("lmsysorg/sglang")).isEqualTo("lmsysorg/sglang");
    assertThat(demo.cache().enabled()).isFalse();
    assertThat(demo.nodes().gpusPerNode()).isEqualTo(8);
    assertThat(demo.localPath("modelforge/Qwen3-8B", "qwen3-8b"))
        .isEqualTo("/mnt/disk0/models/modelforge/Qwen3-8B");
  }
}
