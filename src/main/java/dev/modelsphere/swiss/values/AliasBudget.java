package dev.modelsphere.swiss.values;

import java.util.IdentityHashMap;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Refuses a document whose aliases would expand into too many values, before anything is expanded.
 *
 * <p>A few lines of anchors that alias each other ten times over ("billion laughs") name billions
 * of values. The parsed graph stays small because an alias shares its anchor's node, so the
 * expanded size is counted on the graph, each shared node once, and the document is refused when
 * aliases add more than {@link #MAX_ADDED_VALUES} values to it. A node that contains an alias to
 * itself would never finish expanding and is refused too.
 */
final class AliasBudget {
  /** Far more than aliases add to any real document; small enough to expand in a moment. */
  static final long MAX_ADDED_VALUES = 1_000_000;

  /**
   * Aliases can stack one anchor's nesting on another's; a bound keeps the expansion's recursion
   * well inside a thread's stack.
   */
  static final int MAX_DEPTH = 1_000;

  /**
   * Only an anchored node can be reached twice (an alias shares it), so only those are remembered:
   * a large document without anchors costs no more than one walk.
   */
  private final Map<Node, Long> anchoredSizes = new IdentityHashMap<>();

  private final Map<Node, Boolean> anchoredInProgress = new IdentityHashMap<>();

  /** Nodes in the graph, each counted once however many aliases name it. */
  private long distinct;

  private AliasBudget() {}

  /**
   * @throws ValuesException when the aliases add too many values or a node contains itself
   */
  static void check(Node root) {
    AliasBudget budget = new AliasBudget();
    long expanded = budget.size(root, 0);
    long added = expanded - budget.distinct;
    if (added > MAX_ADDED_VALUES) {
      throw refused(
          root,
          ("its aliases expand to more than %,d values; swiss refuses a document this large"
                  + " (an alias bomb?): write the values out or alias fewer times")
              .formatted(MAX_ADDED_VALUES));
    }
  }

  private static ValuesException refused(Node at, String problem) {
    return new ValuesException(YamlProblem.at("", at.getStartMark().getLine() + 1, problem));
  }

  /** The number of values the node stands for once every alias in it is expanded. */
  private long size(Node node, int depth) {
    boolean anchored = node.getAnchor() != null;
    Long known = anchored ? anchoredSizes.get(node) : null;
    if (known != null) {
      return known;
    }
    if (depth > MAX_DEPTH) {
      throw refused(
          node, "with its aliases expanded it nests deeper than %,d levels".formatted(MAX_DEPTH));
    }
    if (anchored && anchoredInProgress.put(node, Boolean.TRUE) != null) {
      throw refused(node, "an alias refers to the node that contains it, which would never end");
    }
    distinct++;
    long size = 1;
    if (node instanceof MappingNode mapping) {
      for (NodeTuple entry : mapping.getValue()) {
        size =
            saturatedAdd(
                size, size(entry.getKeyNode(), depth + 1) + size(entry.getValueNode(), depth + 1));
      }
    } else if (node instanceof SequenceNode sequence) {
      for (Node item : sequence.getValue()) {
        size = saturatedAdd(size, size(item, depth + 1));
      }
    }
    if (anchored) {
      anchoredInProgress.remove(node);
      anchoredSizes.put(node, size);
    }
    return size;
  }

  /** Sizes grow geometrically in an alias bomb; stop at a value that is simply "too many". */
  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 || sum > Long.MAX_VALUE / 4 ? Long.MAX_VALUE / 4 : sum;
  }
}
