package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.site.Profile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same mistake reads the same in a site profile, the config and a catalog version file. */
class OneErrorWordingTest {
  @TempDir Path dir;

  private static final String VERSION_FILE =
      """
      apiVersion: catalog.swiss/v1
      name: tiny
      version: 1.0.0
      variants:
        - id: v1
          engine: vllm
          chart: {name: vllm, version: 0.7.1}
          requires: {gpus: 1}
      """;

  private static String message(ThrowingCallable reading) {
    return catchThrowable(reading).getMessage();
  }

  private String config(String yaml) throws IOException {
    Path file = Files.writeString(dir.resolve("swiss.yaml"), "catalog: /c\n" + yaml);
    return message(() -> Config.load(file));
  }

  private static String versionFile(String requires) {
    String yaml = VERSION_FILE.replace("requires: {gpus: 1}", requires);
    return message(() -> Entry.parseYaml(yaml.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void anUnknownKeyNamesItsPathAndLineAndTheKeysAllowedThere() throws IOException {
    String profile = message(() -> Profile.parse("route:\n  auth:\n    secretName: x\n", "site"));
    String config = config("server:\n  auth:\n    tokenTtl: 1h\n");
    String entry = versionFile("requires: {gpus: 1, gpuCount: 2}");

    assertThat(profile).startsWith("site: route.auth.secretName (line 3): unknown key, expected");
    assertThat(config).contains(": server.auth.tokenTtl (line 4): unknown key, expected one of: ");
    assertThat(entry)
        .isEqualTo(
            "variants[0].requires.gpuCount (line 8): unknown key, expected one of: gpuProduct,"
                + " gpus, minGpuMemoryGiB, nodes, rdma, topology, vendor");
  }

  @Test
  void aValueOfTheWrongTypeNamesItsPathAndLineWhatWasExpectedAndWhatWasGiven() throws IOException {
    String profile = message(() -> Profile.parse("nodes:\n  gpusPerNode: eight\n", "site"));
    String config = config("server:\n  planHistory: five\n");
    String entry = versionFile("requires: {gpus: \"8\"}");

    assertThat(profile)
        .isEqualTo(
            "site: nodes.gpusPerNode (line 2): expected an integer, got the string \"eight\"");
    assertThat(config)
        .endsWith(": server.planHistory (line 3): expected an integer, got the string \"five\"");
    assertThat(entry)
        .isEqualTo("variants[0].requires.gpus (line 8): expected an integer, got the string \"8\"");
  }
}
