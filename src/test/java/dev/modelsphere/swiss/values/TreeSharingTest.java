package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Frozen trees are shared instead of copied, and the merge read in place gives what the copying
 * merge gives: the plan hash is computed over it, and a plan's single values are read so.
 */
class TreeSharingTest {
  private static final List<String> KEYS = List.of("a", "b", "c", "a.b", "");

  @Test
  void mergingInPlaceGivesWhatTheCopyingMergeGives() {
    Random random = new Random(15);
    for (int i = 0; i < 3_000; i++) {
      List<Map<String, Object>> layers = new ArrayList<>();
      for (int n = random.nextInt(5); n >= 0; n--) {
        layers.add(
            random.nextBoolean() ? randomTree(random, 3) : Tree.frozen(randomTree(random, 3)));
      }
      Map<String, Object> merged = Tree.merged(layers);

      Map<String, Object> inPlace = Tree.mergedForReading(layers);

      assertThat(inPlace).isEqualTo(merged);
      assertThat(inPlace.toString()).as("key order").isEqualTo(merged.toString());
      for (String path : List.of("a", "a.b", "b.c.a", "c.a.b.c", "a.b.c", "", "a.")) {
        assertThat(Tree.hasMerged(layers, path)).as(path).isEqualTo(Tree.has(merged, path));
        assertThat(Tree.getMerged(layers, path)).as(path).isEqualTo(Tree.get(merged, path));
      }
    }
  }

  @Test
  void aFrozenTreeIsSharedNotCopied() {
    Map<String, Object> frozen = Tree.frozen(tree("{model: {name: x}, args: [a, b]}"));
    Map<String, Object> wider = new LinkedHashMap<>(frozen);
    wider.put("more", 1L);

    Map<String, Object> again = Tree.frozen(wider);

    assertThat(Tree.frozen(frozen)).isSameAs(frozen);
    assertThat(again.get("model")).isSameAs(frozen.get("model"));
    assertThat(again.get("args")).isSameAs(frozen.get("args"));
  }

  @Test
  void aSharingCopyChangesOnlyWhatItSetsAndNeverTheFrozenTree() {
    Map<String, Object> frozen =
        Tree.frozen(tree("{model: {name: x, gpus: '8'}, image: {tag: v1}, args: [a]}"));

    Map<String, Object> copy = Tree.sharingCopy(frozen);
    Tree.set(copy, "model.name", "y");
    Tree.merge(copy, tree("{image: {tag: v2}}"));
    Tree.remove(copy, "model.gpus");

    assertThat(copy).isEqualTo(tree("{model: {name: y}, image: {tag: v2}, args: [a]}"));
    assertThat(frozen)
        .isEqualTo(tree("{model: {name: x, gpus: '8'}, image: {tag: v1}, args: [a]}"));
    assertThat(copy.get("args")).isSameAs(frozen.get("args"));
    assertThatThrownBy(() -> Tree.set(frozen, "model.name", "z"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aFrozenTreeKeepsItsTextFromTheSecondTimeItIsAsked() {
    Map<String, Object> frozen = Tree.frozen(tree("{model: {name: x}}"));
    AtomicInteger made = new AtomicInteger();
    Function<Object, String> writer = value -> "text " + made.incrementAndGet();

    String first = Tree.frozenText(frozen, writer);
    String second = Tree.frozenText(frozen, writer);
    String third = Tree.frozenText(frozen.get("model"), writer);
    String fourth = Tree.frozenText(frozen, writer);

    assertThat(List.of(first, second, third, fourth))
        .as("asked once: made, not kept; asked again: made and kept; each tree its own")
        .containsExactly("text 1", "text 2", "text 3", "text 2");
    assertThat(made).hasValue(3);
  }

  @Test
  void anotherWritersTextTakesThePlaceOfTheOneKept() {
    Map<String, Object> frozen = Tree.frozen(tree("{a: 1}"));
    Function<Object, String> upper = value -> "A";
    Function<Object, String> lower = value -> "a";
    Tree.frozenText(frozen, upper);
    Tree.frozenText(frozen, upper);

    assertThat(Tree.frozenText(frozen, lower)).isEqualTo("a");
    assertThat(Tree.frozenText(frozen, upper)).isEqualTo("A");
  }

  @Test
  void onlyAFrozenTreeKeepsAText() {
    Map<String, Object> changeable = Tree.copy(Tree.frozen(tree("{a: 1}")));

    assertThat(Tree.isFrozen(changeable)).isFalse();
    assertThatThrownBy(() -> Tree.frozenText(changeable, String::valueOf))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Map<String, Object> randomTree(Random random, int depth) {
    Map<String, Object> tree = new LinkedHashMap<>();
    for (int n = random.nextInt(4); n > 0; n--) {
      tree.put(KEYS.get(random.nextInt(KEYS.size())), randomValue(random, depth));
    }
    return tree;
  }

  private static Object randomValue(Random random, int depth) {
    return switch (depth <= 0 ? random.nextInt(3) : random.nextInt(6)) {
      case 0 -> null;
      case 1 -> (long) random.nextInt(3);
      case 2 -> "s" + random.nextInt(3);
      case 3 -> Arrays.asList(randomValue(random, depth - 1), "x");
      default -> randomTree(random, depth - 1);
    };
  }

  private static Map<String, Object> tree(String yaml) {
    return Yaml.tree("test", yaml);
  }
}
