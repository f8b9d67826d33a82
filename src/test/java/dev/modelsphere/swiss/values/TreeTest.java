package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TreeTest {

  private static Map<String, Object> yaml(String text) {
    return Yaml.tree("test", text);
  }

  @Test
  void mergeReplacesListsRatherThanAppending() {
    Map<String, Object> dst = yaml("extraArgs: [--tp-size=8, --x]");
    Tree.merge(dst, yaml("extraArgs: [--tp-size=2]"));
    assertThat(dst.get("extraArgs")).isEqualTo(List.of("--tp-size=2"));
  }

  @Test
  void mergeRecursesIntoMapsAndKeepsSiblings() {
    Map<String, Object> dst = yaml("model: {mountPath: /model, name: a}");
    Tree.merge(dst, yaml("model: {localPath: /mnt/x}"));
    assertThat(Tree.leafPaths(dst))
        .containsExactly("model.localPath", "model.mountPath", "model.name");
  }

  @Test
  void mergeLetsAScalarReplaceAMapAndAMapReplaceAScalar() {
    Map<String, Object> dst = yaml("a: {b: 1}\nc: scalar");
    Tree.merge(dst, yaml("a: 5\nc: {d: 2}"));
    assertThat(dst).isEqualTo(yaml("a: 5\nc: {d: 2}"));
  }

  @Test
  void mergeKeepsAnExplicitNullInsteadOfDeleting() {
    Map<String, Object> dst = yaml("resources: {limits: 1}");
    Tree.merge(dst, yaml("resources: null"));
    assertThat(dst).containsEntry("resources", null);
    assertThat(Tree.get(dst, "resources").present()).isTrue();
    assertThat(Yaml.write(dst)).isEqualTo("resources: null\n");
  }

  @Test
  void mergeCopiesMapsFromTheSourceInsteadOfAliasingThem() {
    Map<String, Object> src = yaml("a: {b: 1}");
    Map<String, Object> dst = Tree.empty();
    Tree.merge(dst, src);
    Tree.set(dst, "a.c", 2L);
    assertThat(Tree.has(src, "a.c")).isFalse();
  }

  @Test
  void anEmptyMapCreatesAnEmptyMapWhereNothingWasAndChangesNothingElse() {
    Map<String, Object> dst = yaml("a: {b: 1}");
    Tree.merge(dst, yaml("a: {}\nz: {}"));
    assertThat(dst).isEqualTo(yaml("a: {b: 1}\nz: {}"));
  }

  @Test
  void setRefusesToTunnelThroughAScalar() {
    Map<String, Object> tree = yaml("a: scalar");
    assertThatThrownBy(() -> Tree.set(tree, "a.b.c", 1L))
        .isInstanceOf(ValuesException.class)
        .hasMessageContaining("\"a.b.c\"")
        .hasMessageContaining("\"a\" is not a map");
    assertThat(tree).containsEntry("a", "scalar");
  }

  @Test
  void getTellsAMissingPathFromAnExplicitNull() {
    Map<String, Object> tree = yaml("a: {b: null}");
    assertThat(Tree.get(tree, "a.b")).isEqualTo(new Lookup(true, null));
    assertThat(Tree.get(tree, "a.c").present()).isFalse();
    assertThat(Tree.get(tree, "a.b.c").present()).isFalse();
  }

  @Test
  void leafPathsCountEmptyMapsAndListsAsLeavesAndAreSorted() {
    Map<String, Object> tree = yaml("z: [1, 2]\na: {}\nm: {x: {y: 1}}");
    assertThat(Tree.leafPaths(tree)).containsExactly("a", "m.x.y", "z");
    assertThat(Tree.leafPaths(Tree.empty())).isEmpty();
  }

  @Test
  void subtreeKeepsOnlyTheNamedPaths() {
    Map<String, Object> tree = yaml("a: {b: 1, c: 2}\nd: 3");
    assertThat(Tree.subtree(tree, List.of("a.c", "d", "missing")))
        .isEqualTo(yaml("a: {c: 2}\nd: 3"));
  }

  @Test
  void copyIsDeepForMapsAndLists() {
    Map<String, Object> tree = yaml("a: {list: [1]}");
    Map<String, Object> copy = Tree.copy(tree);
    @SuppressWarnings("unchecked")
    List<Object> list = (List<Object>) ((Map<String, Object>) copy.get("a")).get("list");
    list.add(2L);
    assertThat(Tree.get(tree, "a.list").value()).isEqualTo(List.of(1L));
  }

  @Test
  void removeDeletesOnlyTheNamedKey() {
    Map<String, Object> tree = yaml("a: {b: 1, c: 2}");
    Tree.remove(tree, "a.b");
    Tree.remove(tree, "x.y");
    assertThat(tree).isEqualTo(yaml("a: {c: 2}"));
  }

  @Test
  void stringsThatReadAsAnotherTypeAreQuotedSoTheyComeBackAsStrings() {
    Map<String, Object> tree = Tree.empty();
    for (String s : List.of("8", "1.5", "true", "no", "null", "0x10", ".inf", "1_000", "~", "")) {
      tree.put("k" + tree.size(), s);
    }
    tree.put("n", 8L);
    assertThat(Yaml.tree("round trip", Yaml.write(tree))).isEqualTo(tree);
  }

  @Test
  void aKeyWithNothingAfterItIsNullButAQuotedEmptyStringStaysAString() {
    Map<String, Object> tree = yaml("commandOverride:\nname: ''");
    assertThat(tree).containsEntry("commandOverride", null).containsEntry("name", "");
  }

  @Test
  void aCopyCanBringEveryScalarToTheHouseFormAndLeavesTheOriginalAlone() {
    Map<Object, Object> inner = new LinkedHashMap<>();
    inner.put(8080, 3);
    Map<String, Object> original = new LinkedHashMap<>();
    original.put("ports", List.of(1, inner));
    original.put("name", "x");

    Map<String, Object> copy =
        Tree.copy(original, v -> v instanceof Integer i ? (Object) i.longValue() : v);

    assertThat(copy).isEqualTo(Map.of("ports", List.of(1L, Map.of("8080", 3L)), "name", "x"));
    assertThat(original.get("ports")).isEqualTo(List.of(1, inner));
    assertThat(copy.get("ports")).isNotSameAs(original.get("ports"));
  }

  @Test
  void aFrozenCopyRefusesChangesAtEveryDepthAndKeepsExplicitNulls() {
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("gone", null);
    Map<String, Object> original = new LinkedHashMap<>();
    original.put("model", nested);
    original.put("args", new java.util.ArrayList<>(List.of("--tp")));

    Map<String, Object> frozen = Tree.frozen(original);
    @SuppressWarnings("unchecked")
    Map<String, Object> model = (Map<String, Object>) frozen.get("model");
    @SuppressWarnings("unchecked")
    List<Object> args = (List<Object>) frozen.get("args");

    assertThat(model).containsEntry("gone", null);
    assertThatThrownBy(() -> frozen.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> model.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> args.add("x")).isInstanceOf(UnsupportedOperationException.class);
    nested.put("later", 1);
    assertThat(model).doesNotContainKey("later");
  }
}
