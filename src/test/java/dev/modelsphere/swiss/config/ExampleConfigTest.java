package dev.modelsphere.swiss.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.modelsphere.swiss.site.Profile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ExampleConfigTest {
  private static final Path EXAMPLES =
      Path.of(System.getProperty("user.dir"), "examples").toAbsolutePath();

  @Test
  void theExampleConfigLoadsAndIsValidForTheServer() {
    Config c = Config.load(EXAMPLES.resolve("swiss.yaml"));

    assertThatCode(c::validateServer).doesNotThrowAnyException();
    assertThat(c.catalog()).isEqualTo(EXAMPLES.resolve("catalog").toString());
    assertThat(c.profileRef()).isEqualTo(EXAMPLES.resolve("site-demo.yaml").toString());
  }

  @Test
  void theExampleConfigNamesTheDemoProfile() {
    Config c = Config.load(EXAMPLES.resolve("swiss.yaml"));

    assertThat(Profile.load(Path.of(c.cluster().profile().file())).name()).isEqualTo("demo");
  }
}
