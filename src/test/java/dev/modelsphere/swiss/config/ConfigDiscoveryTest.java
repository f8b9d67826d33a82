package dev.modelsphere.swiss.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigDiscoveryTest {
  @TempDir Path root;
  Path cwd;
  Path home;
  Path homeConfig;

  @BeforeEach
  void dirs() throws IOException {
    cwd = Files.createDirectories(root.resolve("work"));
    home = Files.createDirectories(root.resolve("home"));
    homeConfig = home.resolve(".config/swiss/swiss.yaml");
  }

  private static void touch(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "catalog: /c\n");
  }

  @Test
  void theExplicitPathWinsEvenWhenItDoesNotExistSoLoadingReportsIt() throws IOException {
    touch(cwd.resolve("swiss.yaml"));

    Path found = Config.find("/nowhere/swiss.yaml", Map.of("SWISS_CONFIG", "/env.yaml"), cwd, home);

    assertThat(found).isEqualTo(Path.of("/nowhere/swiss.yaml"));
  }

  @Test
  void theEnvironmentComesNext() throws IOException {
    touch(cwd.resolve("swiss.yaml"));

    assertThat(Config.find(null, Map.of("SWISS_CONFIG", "/env/swiss.yaml"), cwd, home))
        .isEqualTo(Path.of("/env/swiss.yaml"));
    assertThat(Config.find("", Map.of("SWISS_CONFIG", ""), cwd, home))
        .isEqualTo(cwd.resolve("swiss.yaml"));
  }

  @Test
  void aSwissYamlInTheWorkingDirectoryComesBeforeTheHomeConfig() throws IOException {
    touch(cwd.resolve("swiss.yaml"));
    touch(homeConfig);

    assertThat(Config.find(null, Map.of(), cwd, home)).isEqualTo(cwd.resolve("swiss.yaml"));
  }

  @Test
  void aDirectoryNamedSwissYamlIsNotAConfig() throws IOException {
    Files.createDirectories(cwd.resolve("swiss.yaml"));
    touch(homeConfig);

    assertThat(Config.find(null, Map.of(), cwd, home)).isEqualTo(homeConfig);
  }

  @Test
  void noConfigAnywhereIsNullNotAnError() {
    assertThat(Config.find(null, Map.of(), cwd, home)).isNull();
  }
}
