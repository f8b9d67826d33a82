package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * One parsed YAML document: its tree, and the node graph it came from, which still knows the line
 * of every key so that an error found later, while the tree is read into a record, can name it.
 *
 * @param tree the document's value; {@link MissingNode} for an empty document
 * @param root the parsed graph; null for an empty document
 */
record YamlDocument(JsonNode tree, Node root) {

  static YamlDocument empty() {
    return new YamlDocument(MissingNode.getInstance(), null);
  }

  boolean isEmpty() {
    return tree.isMissingNode() || tree.isNull();
  }

  /** The line the document starts on; 0 when empty. */
  int line() {
    return root == null ? 0 : root.getStartMark().getLine() + 1;
  }

  /**
   * The line of the key or item at {@code path} (keys and list indexes), or of the deepest part of
   * it that exists; 0 when the document is empty.
   */
  int lineOf(List<Object> path) {
    if (root == null) {
      return 0;
    }
    Node at = root;
    Node marker = root;
    for (Object step : path) {
      NodeTuple entry = step instanceof String key ? entry(at, key) : null;
      Node next = entry != null ? entry.getValueNode() : item(at, step);
      if (next == null) {
        break;
      }
      marker = entry != null ? entry.getKeyNode() : next;
      at = next;
    }
    return marker.getStartMark().getLine() + 1;
  }

  /** The entry for a key, looking through merge keys as the tree did (the mapping's own first). */
  private static NodeTuple entry(Node node, String key) {
    if (!(node instanceof MappingNode mapping)) {
      return null;
    }
    NodeTuple found = null;
    for (NodeTuple entry : mapping.getValue()) {
      if (entry.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
        return entry;
      }
      if (found == null && YamlTree.isMergeKey(entry.getKeyNode())) {
        found = mergedEntry(entry.getValueNode(), key);
      }
    }
    return found;
  }

  private static NodeTuple mergedEntry(Node source, String key) {
    for (Node mapping : YamlTree.mergeSources(source)) {
      NodeTuple found = entry(mapping, key);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static Node item(Node node, Object step) {
    if (node instanceof SequenceNode list
        && step instanceof Integer index
        && index >= 0
        && index < list.getValue().size()) {
      return list.getValue().get(index);
    }
    return null;
  }
}
