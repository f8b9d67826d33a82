package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Writing YAML as the reference's library, gopkg.in/yaml.v3, writes it. The expected texts are
 * yaml.v3 v3.0.1's output for the same values (checked with a Go program against that version).
 */
class YamlWritingTest {

  @Test
  void aStringThatWouldReadBackAsAnotherTypeIsQuotedAndReadsBackAsItself() {
    List<String> tricky =
        List.of(
            "0o17",
            "yes",
            "08",
            "1_000",
            "0x10",
            "true",
            "null",
            "~",
            ".inf",
            "",
            "on",
            "y",
            "N",
            "1e3",
            "1:20",
            "2001-12-14",
            "-0b101",
            "<<");

    for (String text : tricky) {
      String written = Yaml.write(Map.of("k", text));

      assertThat(written).as(text).isEqualTo("k: \"" + text + "\"\n");
      assertThat(Yaml.tree("written", written)).as(text).containsEntry("k", text);
    }
  }

  @Test
  void aStringThatReadsBackAsItselfStaysPlainAndOddTextRoundTrips() {
    List<String> texts =
        List.of("v0.5.19", "0b2", "nULL", "a: b", "- a", "#x", " lead", "it's", "tab\tx", "été");

    for (String text : texts) {
      assertThat(Yaml.tree("written", Yaml.write(Map.of("k", text))))
          .as(text)
          .containsEntry("k", text);
    }
    assertThat(Yaml.write(Map.of("k", "v0.5.19", "j", "0b2"))).isEqualTo("j: 0b2\nk: v0.5.19\n");
  }

  @Test
  void mapKeysAreSortedByCodePointAsGoSortsThem() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("b", 1);
    tree.put("\uD83D\uDE00", 2);
    tree.put("\uFF21", 3);
    tree.put("a", 4);
    tree.put("B", 5);

    assertThat(Yaml.write(tree)).isEqualTo("B: 5\na: 4\nb: 1\n\uFF21: 3\n\uD83D\uDE00: 2\n");
  }

  @Test
  void levelsAreFourSpacesAndListsAreIndentedAsYamlV3IndentsThem() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("key", List.of("a", Map.of("name", "x", "list", List.of("q")), List.of("n1", "n2")));
    tree.put("m", Map.of("k", "v", "empty", Map.of(), "none", List.of(), "multi", "l1\nl2\n"));

    assertThat(Yaml.write(tree))
        .isEqualTo(
            """
            key:
                - a
                - list:
                    - q
                  name: x
                - - n1
                  - n2
            m:
                empty: {}
                k: v
                multi: |
                    l1
                    l2
                none: []
            """);
    assertThat(Yaml.tree("written", Yaml.write(tree))).isEqualTo(tree);
  }

  @Test
  void floatsAreWrittenAsGoWritesThem() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("a", 1e21);
    tree.put("b", 1e6);
    tree.put("c", 123456.0);
    tree.put("d", 8.0);
    tree.put("e", 0.0001);
    tree.put("f", 1e-5);
    tree.put("g", -0.0);
    tree.put("h", 3.1);
    tree.put("i", 1.5f);

    assertThat(Yaml.write(tree))
        .isEqualTo(
            "a: 1e+21\nb: 1e+06\nc: 123456\nd: 8\ne: 0.0001\nf: 1e-05\ng: -0\nh: 3.1\ni: 1.5\n");
  }

  @Test
  void aRecordKeepsItsFieldOrderAndAnEmptyTreeIsBraces() {
    record Release(String name, String namespace, Map<String, Object> labels) {}

    String written = Yaml.write(new Release("r", "ns", Map.of("z", 1, "a", 2)));

    assertThat(written).isEqualTo("name: r\nnamespace: ns\nlabels:\n    a: 2\n    z: 1\n");
    assertThat(Yaml.write(Map.of())).isEqualTo("{}\n");
  }
}
