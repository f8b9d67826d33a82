package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Turns a parsed YAML node graph into a Jackson tree with the meaning yaml.v3 gives it: scalars
 * resolved by {@link PlainScalar} or by their explicit tag, every alias expanded into a copy of
 * what it names, and merge keys ({@code <<}) merged.
 *
 * <p>Refused, naming the key path and line: a key given twice in one mapping, a key that is not a
 * scalar, a merge of something that is not a mapping, a scalar that its explicit tag does not fit,
 * and a number that is not finite ({@code .inf}, {@code .nan}: JSON has no form for them, so a plan
 * holding one could not be hashed).
 */
final class YamlTree {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String MERGE_KEY = "<<";

  private final PlainScalar rules;

  /** Where the conversion is: keys and list indexes, for errors. */
  private final List<Object> path = new ArrayList<>();

  YamlTree(PlainScalar rules) {
    this.rules = rules;
  }

  /** The tree; call only after {@link AliasBudget#check} has passed the graph. */
  JsonNode convert(Node node) {
    if (node instanceof MappingNode mapping) {
      return mapping(mapping);
    }
    if (node instanceof SequenceNode sequence) {
      return sequence(sequence);
    }
    return scalar((ScalarNode) node);
  }

  private ObjectNode mapping(MappingNode node) {
    ObjectNode out = NODES.objectNode();
    Map<String, Node> keys = new HashMap<>();
    List<NodeTuple> merges = new ArrayList<>();
    for (NodeTuple entry : node.getValue()) {
      String key = keyText(entry.getKeyNode());
      Node earlier = keys.put(key, entry.getKeyNode());
      if (earlier != null) {
        throw refused(
            entry.getKeyNode(),
            "key \"%s\" is given twice in one mapping (first on line %d)"
                .formatted(key, line(earlier)));
      }
      if (isMergeKey(entry.getKeyNode())) {
        merges.add(entry);
        continue;
      }
      path.add(key);
      out.set(key, convert(entry.getValueNode()));
      path.remove(path.size() - 1);
    }
    for (NodeTuple merge : merges) {
      merge(out, merge);
    }
    return out;
  }

  /**
   * Adds what {@code <<} names to a mapping: keys the mapping writes itself win, and in a list of
   * mappings an earlier one wins over a later one.
   */
  private void merge(ObjectNode into, NodeTuple merge) {
    for (Node mapping : mergeSources(merge.getValueNode())) {
      if (!(mapping instanceof MappingNode)) {
        throw refused(
            merge.getKeyNode(),
            "the merge key << takes a mapping, an alias of one, or a list of them");
      }
      Iterator<Map.Entry<String, JsonNode>> fields = convert(mapping).fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (!into.has(field.getKey())) {
          into.set(field.getKey(), field.getValue());
        }
      }
    }
  }

  private ArrayNode sequence(SequenceNode node) {
    ArrayNode out = NODES.arrayNode();
    List<Node> items = node.getValue();
    for (int i = 0; i < items.size(); i++) {
      path.add(i);
      out.add(convert(items.get(i)));
      path.remove(path.size() - 1);
    }
    return out;
  }

  private JsonNode scalar(ScalarNode node) {
    Tag tag = node.getTag();
    String text = node.getValue();
    JsonNode value;
    if (YamlReader.PLAIN.equals(tag)) {
      value = rules.resolve(text);
    } else if (Tag.INT.equals(tag) || Tag.FLOAT.equals(tag)) {
      value = taggedNumber(node);
    } else if (Tag.BOOL.equals(tag) || Tag.NULL.equals(tag)) {
      value = rules.resolve(text);
      if (value.isBoolean() != Tag.BOOL.equals(tag) || value.isNull() != Tag.NULL.equals(tag)) {
        throw mistagged(node);
      }
    } else if (Tag.BINARY.equals(tag)) {
      value = TextNode.valueOf(binary(node));
    } else {
      // !!str, and tags the reference does not resolve (!!timestamp, local tags): the text.
      value = TextNode.valueOf(text);
    }
    if (value.isDouble() && !Double.isFinite(value.doubleValue())) {
      throw refused(
          node,
          ("%s is not a finite number: JSON has no form for it, so a plan holding it could not"
                  + " be hashed; quote it (\"%s\") if you mean the text")
              .formatted(text, text));
    }
    return value;
  }

  private JsonNode taggedNumber(ScalarNode node) {
    JsonNode value = rules.resolve(node.getValue());
    if (Tag.INT.equals(node.getTag()) && value.isIntegralNumber()) {
      return value;
    }
    if (Tag.FLOAT.equals(node.getTag()) && value.isNumber()) {
      return DoubleNode.valueOf(value.doubleValue());
    }
    throw mistagged(node);
  }

  private String binary(ScalarNode node) {
    try {
      byte[] bytes = Base64.getMimeDecoder().decode(node.getValue());
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw refused(node, "the value tagged !!binary is not base64: " + e.getMessage());
    }
  }

  private String keyText(Node key) {
    if (key instanceof ScalarNode scalar) {
      return scalar.getValue();
    }
    throw refused(
        key,
        "a key must be a single value, not a " + (key instanceof MappingNode ? "mapping" : "list"));
  }

  /** The mappings a merge key's value names: itself, or each item of a list. */
  static List<Node> mergeSources(Node value) {
    return value instanceof SequenceNode list ? list.getValue() : List.of(value);
  }

  static boolean isMergeKey(Node key) {
    return key instanceof ScalarNode scalar
        && MERGE_KEY.equals(scalar.getValue())
        && (YamlReader.PLAIN.equals(key.getTag()) || Tag.MERGE.equals(key.getTag()));
  }

  private ValuesException mistagged(ScalarNode node) {
    String tag = node.getTag().getValue().replace(Tag.PREFIX, "!!");
    return refused(node, "\"%s\" is tagged %s but is not one".formatted(node.getValue(), tag));
  }

  private ValuesException refused(Node at, String problem) {
    return new ValuesException(YamlProblem.at(YamlProblem.dotted(path), line(at), problem));
  }

  private static int line(Node node) {
    return node.getStartMark().getLine() + 1;
  }
}
