package dev.modelsphere.swiss.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.GoProgram;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hash against the Go reference's encoding: {@code src/test/go/canonical/main.go} hashes a
 * fixed payload with encoding/json, and its output is kept as a test vector in {@code
 * expected.txt}. The same plan built here must give the same bytes and the same hash.
 */
class GoCompatibilityTest {
  private static final GoProgram CANONICAL = GoProgram.named("canonical");
  private static final GoProgram FLOATS = GoProgram.named("floats");
  private static final Path PROGRAM_DIR = CANONICAL.dir();
  private static final Path FLOATS_DIR = FLOATS.dir();

  @Test
  void theHashPayloadIsByteForByteWhatGoWrites() throws IOException {
    assertThat(vectorPlan().hashPayload()).isEqualTo(expected().get(0));
  }

  @Test
  void theHashIsTheOneGoComputes() throws IOException {
    assertThat(vectorPlan().computeHash()).isEqualTo(expected().get(1));
  }

  @Test
  void floatsAreWrittenAsGoWritesThemAcrossThousandsOfValues() throws IOException {
    List<String> mismatches = new ArrayList<>();
    List<String> lines = Files.readAllLines(FLOATS_DIR.resolve("floats.txt"));
    for (String line : lines) {
      String[] parts = line.split(" ");
      double f = Double.longBitsToDouble(Long.parseUnsignedLong(parts[0], 16));
      String ours = CanonicalJson.formatFloat(f);
      if (!ours.equals(parts[1])) {
        mismatches.add(parts[0] + ": go " + parts[1] + ", ours " + ours);
      }
    }
    assertThat(lines).hasSizeGreaterThan(3000);
    assertThat(mismatches).isEmpty();
  }

  @Test
  void theKeptVectorIsWhatTheGoProgramPrintsToday() throws Exception {
    assertThat(CANONICAL.run().lines().toList()).isEqualTo(expected());
  }

  @Test
  void theKeptFloatsAreWhatTheGoProgramPrintsToday() throws Exception {
    assertThat(FLOATS.run())
        .isEqualTo(Files.readString(FLOATS_DIR.resolve("floats.txt"), StandardCharsets.UTF_8));
  }

  /** The Go program's plan, its values split over layers (the split is not hashed). */
  static Plan vectorPlan() {
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("name", "kimi");
    model.put("gpus", "8");
    Map<String, Object> catalog = new LinkedHashMap<>();
    catalog.put("model", model);
    catalog.put("extraArgs", List.of("--tp", 2L, "--mem-fraction-static", 0.85));
    catalog.put("progressDeadlineSeconds", 7200L);
    catalog.put(
        "floats",
        List.of(
            0.85,
            1e-7,
            1e21,
            1e20,
            123456789.123,
            2.5e-6,
            -0.000001,
            100.0,
            5e-324,
            Double.MAX_VALUE,
            0.1,
            1.0 / 3.0,
            -1.5e-10,
            12345678901234567890.0));

    Map<String, Object> site = new LinkedHashMap<>();
    site.put("model", new LinkedHashMap<>(Map.of("localPath", "/data/models/modelforge")));
    Map<String, Object> strings = new LinkedHashMap<>();
    strings.put("html", "<a href=\"x\">&amp;</a>");
    strings.put("controls", "tab\there\nnew\rret\bback\fform\u0000nul\u001funit\u007fdel");
    strings.put("separator", "line\u2028para\u2029end");
    strings.put("unicode", "é 日本 😀");
    strings.put("backslash", "C:\\path\\\"quoted\"");
    site.put("strings", strings);

    Map<String, Object> keys = new LinkedHashMap<>();
    String[] names = {"z", "Z", "a", "é", "😀", "\uff21", "a.b", ""};
    for (int i = 0; i < names.length; i++) {
      keys.put(names[i], (long) i + 1);
    }
    Map<String, Object> nulls = new LinkedHashMap<>();
    nulls.put("gone", null);
    Map<String, Object> form = new LinkedHashMap<>();
    form.put("replicaCount", 2L);
    form.put("big", 9007199254740993L);
    form.put("negative", -42L);
    form.put("keys", keys);
    form.put("nulls", nulls);
    form.put("flags", new LinkedHashMap<>(Map.of("on", true, "off", false)));
    form.put("empty", new LinkedHashMap<>());
    form.put("list", new ArrayList<>());

    Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
    layers.put("catalog", catalog);
    layers.put("site", site);
    layers.put("form", form);
    return new Plan(
        Plan.API_VERSION,
        new ReleaseRef("glm-53", "models"),
        new SourceRef(
            "https://models.example.com/swiss-catalog/",
            "prod",
            "",
            "modelforge",
            "modelforge/Qwen3.6-35B-A3B-793303",
            "1.0.0",
            "sha256:2ddf0000000000000000000000000000000000000000000000000000000000aa",
            "sglang-tp2"),
        new ChartRef("sglang", "0.8.0", "oci://harbor.4pd.io/hardcore-tech", ""),
        "sglang",
        "prod",
        layers,
        false,
        null,
        "");
  }

  private static List<String> expected() throws IOException {
    List<String> lines =
        Files.readString(PROGRAM_DIR.resolve("expected.txt"), StandardCharsets.UTF_8)
            .lines()
            .toList();
    assertThat(lines).as("expected.txt holds the payload and the hash").hasSize(2);
    return lines;
  }
}
