package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;

/**
 * The shortcut that writes a plain scalar without SnakeYAML's emitter must write exactly what the
 * emitter writes, for every string it takes.
 */
class ScalarTextTest {
  /** Letters, digits and every character YAML gives a meaning to somewhere. */
  private static final String ALPHABET = "aZ09.-_/+=:#, ?[]{}!&*|>'\"%@`~\\\t\u00e9";

  @Test
  void theShortcutWritesWhatTheEmitterWrites() {
    Random random = new Random(15);
    List<String> texts = new ArrayList<>(commonTexts());
    for (int i = 0; i < 40_000; i++) {
      texts.add(randomText(random, 1 + random.nextInt(7)));
    }
    int shortcut = 0;
    for (String text : texts) {
      for (boolean key : new boolean[] {true, false}) {
        ScalarStyle style = ScalarText.style(text, key);
        if (style == ScalarStyle.PLAIN && ScalarText.plainAsWritten(text)) {
          shortcut++;
          assertThat(ScalarText.emittedLines(text, style)).as(text).containsExactly(text);
        }
      }
    }
    assertThat(shortcut).isGreaterThan(1_000);
  }

  @Test
  void namesPathsAndImagesTakeTheShortcut() {
    for (String text : commonTexts()) {
      assertThat(ScalarText.plainAsWritten(text)).as(text).isTrue();
    }
  }

  @Test
  void indicatorsSpacesAndNonAsciiDoNot() {
    for (String text :
        List.of("", "-", "---a", ".a", "a:", "a b", "a#b", "a,b", "?a", "été", "a\tb")) {
      assertThat(ScalarText.plainAsWritten(text)).as(text).isFalse();
    }
  }

  private static List<String> commonTexts() {
    return List.of(
        "helmDefaults",
        "values",
        "catalog.yaml",
        "oci://registry.local/charts/vllm",
        "registry.local/mirror/sglang",
        "v0.5.19",
        "/mnt/disk0/models/Qwen/Qwen3-8B",
        "sha256:0f3a",
        "--three-way-merge",
        "--server-side=true",
        "a+b");
  }

  private static String randomText(Random random, int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return out.toString();
  }
}
