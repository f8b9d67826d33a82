package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reading YAML as the reference's library, gopkg.in/yaml.v3, reads it. Each expected value here is
 * what yaml.v3 v3.0.1 decodes the same text to (checked with a Go program against that version).
 */
class YamlReadingTest {

  private static Map<String, Object> tree(String yaml) {
    return Yaml.tree("test.yaml", yaml);
  }

  private static Object value(String scalar) {
    return tree("v: " + scalar).get("v");
  }

  /** A record to read documents into. */
  record Named(String name) {}

  @Test
  void aMissingOrEmptyDocumentReadsAsAnEmptyTreeThatCanBeFilled() {
    for (String nothing : new String[] {null, "", "# only a comment\n"}) {
      Map<String, Object> tree = Yaml.tree("form", nothing);
      assertThat(tree).isEmpty();
      tree.put("serviceId", "qwen");
      assertThat(tree).containsEntry("serviceId", "qwen");
      assertThat(Yaml.read("status", nothing, Named.class)).isEqualTo(new Named(null));
      assertThat(Yaml.readIgnoringUnknownKeys("status", nothing, Named.class))
          .isEqualTo(new Named(null));
    }
  }

  @Test
  void yamlOneOneBooleanWordsAreStringsAndOnlyThreeSpellingsOfTrueAndFalseAreBooleans() {
    for (String word : List.of("on", "off", "yes", "no", "y", "n", "On", "YES", "No", "OFF", "Y")) {
      assertThat(value(word)).as(word).isEqualTo(word);
    }
    assertThat(List.of(value("true"), value("True"), value("TRUE"))).containsOnly(true);
    assertThat(List.of(value("false"), value("False"), value("FALSE"))).containsOnly(false);
    assertThat(value("tRUE")).isEqualTo("tRUE");
    assertThat(value("2001-12-14")).isEqualTo("2001-12-14");
  }

  @Test
  void integersReadWithGoBasesAndUnderscores() {
    assertThat(value("0o17")).isEqualTo(15L);
    assertThat(value("017")).isEqualTo(15L);
    assertThat(value("-0o17")).isEqualTo(-15L);
    assertThat(value("0x10")).isEqualTo(16L);
    assertThat(value("0b101")).isEqualTo(5L);
    assertThat(value("-0b101")).isEqualTo(-5L);
    assertThat(value("1_000")).isEqualTo(1000L);
    assertThat(value("18446744073709551615")).isEqualTo(new BigInteger("18446744073709551615"));
  }

  @Test
  void whatIsNoIntegerButMatchesTheFloatPatternIsANumber() {
    assertThat(value("08")).isEqualTo(8.0);
    assertThat(value("1e3")).isEqualTo(1000.0);
    assertThat(value(".5")).isEqualTo(0.5);
    assertThat(value("-9223372036854775809")).isEqualTo(-9.223372036854775809e18);
    assertThat(value("0x1p3")).isEqualTo("0x1p3");
    assertThat(value("1e400")).as("overflows, so Go keeps the text").isEqualTo("1e400");
  }

  @Test
  void nullIsEmptyTildeOrNullInThreeSpellings() {
    Map<String, Object> tree = tree("a:\nb: ~\nc: null\nd: Null\ne: NULL\nf: nULL\ng: ''\n");

    assertThat(tree).containsEntry("a", null).containsEntry("b", null).containsEntry("c", null);
    assertThat(tree).containsEntry("d", null).containsEntry("e", null);
    assertThat(tree).containsEntry("f", "nULL").containsEntry("g", "");
  }

  @Test
  void explicitTagsDecideTheType() {
    Map<String, Object> tree =
        tree("a: !!str 8\nb: !!int \"8\"\nc: !!float 1\nd: !!bool \"true\"\ne: !!str yes\n");

    assertThat(tree)
        .containsEntry("a", "8")
        .containsEntry("b", 8L)
        .containsEntry("c", 1.0)
        .containsEntry("d", true)
        .containsEntry("e", "yes");
    assertThatThrownBy(() -> tree("a:\n  b: !!int eight\n"))
        .isInstanceOf(ValuesException.class)
        .hasMessageContainingAll("test.yaml", "a.b (line 2)", "!!int");
  }

  @Test
  void anAliasResolvesToTheValueItNames() {
    Map<String, Object> tree =
        tree("podAnnotations: &ann {team: serving}\npodLabels: *ann\nname: &n x\nalso: *n\n");

    assertThat(tree.get("podLabels")).isEqualTo(Map.of("team", "serving"));
    assertThat(tree.get("also")).isEqualTo("x");
  }

  @Test
  void mergeKeysAddWhatTheMappingDoesNotSetAndEarlierMappingsWinInAList() {
    Map<String, Object> tree =
        tree(
            """
            base: &base {image: a, replicas: 1, port: 80}
            extra: &extra {image: b, debug: true}
            one:
              <<: *base
              replicas: 3
            many:
              <<: [*extra, *base]
              port: 8080
            quoted:
              "<<": *base
            """);

    assertThat(tree.get("one")).isEqualTo(Map.of("image", "a", "replicas", 3L, "port", 80L));
    assertThat(tree.get("many"))
        .isEqualTo(Map.of("image", "b", "debug", true, "replicas", 1L, "port", 8080L));
    assertThat(tree.get("quoted")).isEqualTo(Map.of("<<", tree.get("base")));
    assertThatThrownBy(() -> tree("a: &a [1]\nb:\n  <<: *a\n"))
        .hasMessageContainingAll("b (line 3)", "merge key");
  }

  @Test
  void aBillionLaughsDocumentIsRefusedFastSayingWhy() {
    StringBuilder bomb = new StringBuilder("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (char level = 'b'; level <= 'i'; level++) {
      String previous = "*" + (char) (level - 1);
      bomb.append(level).append(": &").append(level).append(" [");
      bomb.append(String.join(", ", java.util.Collections.nCopies(9, previous))).append("]\n");
    }

    tree("warm: up");
    long start = System.nanoTime();
    assertThatThrownBy(() -> tree(bomb.toString()))
        .isInstanceOf(ValuesException.class)
        .hasMessageContainingAll("test.yaml", "aliases expand to more than");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
  }

  @Test
  void anAliasInsideWhatItNamesIsRefused() {
    assertThatThrownBy(() -> tree("a: &a [1, *a]\n"))
        .isInstanceOf(ValuesException.class)
        .hasMessageContaining("refers to the node that contains it");
  }

  @Test
  void aKeyGivenTwiceIsRefusedNamingItAndBothLines() {
    assertThatThrownBy(() -> tree("outer:\n  replicas: 1\n  image: x\n  replicas: 2\n"))
        .isInstanceOf(ValuesException.class)
        .hasMessageContainingAll("outer (line 4)", "\"replicas\"", "line 2");
  }

  @Test
  void aNumberWithoutAJsonFormIsRefusedNamingItsPath() {
    for (String notFinite : List.of(".inf", "-.Inf", ".NaN")) {
      assertThatThrownBy(() -> tree("a:\n  - 1\n  - " + notFinite + "\n"))
          .as(notFinite)
          .isInstanceOf(ValuesException.class)
          .hasMessageContainingAll("a[1] (line 3)", notFinite, "not a finite number");
    }
  }

  @Test
  void aDocumentAboveSnakeYamlsDefaultLimitOfThreeMegabytesIsRead() {
    StringBuilder big = new StringBuilder("entries:\n");
    int entries = 0;
    while (big.length() < 4 * 1024 * 1024) {
      big.append("  - ").append("x".repeat(100)).append('\n');
      entries++;
    }

    assertThat((List<?>) tree(big.toString()).get("entries")).hasSize(entries);
  }

  @Test
  void aSecondDocumentIsRefusedRatherThanDropped() {
    assertThatThrownBy(() -> tree("a: 1\n---\nb: 2\n"))
        .isInstanceOf(ValuesException.class)
        .hasMessageContainingAll("test.yaml", "line 3", "second document");
  }

  @Test
  void kubernetesDocumentsReadYamlOneOneBooleansAsKubernetesDoes() {
    String manifest = "kind: A\nspec: {enabled: yes, mode: on}\n---\n---\nkind: B\n";

    List<Map<String, Object>> documents = Yaml.kubernetesDocuments("manifest", manifest);

    assertThat(documents).extracting(d -> d.get("kind")).containsExactly("A", "B");
    assertThat(documents.get(0).get("spec")).isEqualTo(Map.of("enabled", true, "mode", true));
    assertThat(tree(manifest.substring(0, manifest.indexOf("---"))).get("spec"))
        .isEqualTo(Map.of("enabled", "yes", "mode", "on"));
  }
}
