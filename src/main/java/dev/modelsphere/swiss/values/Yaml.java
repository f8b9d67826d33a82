package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every YAML document swiss reads or writes goes through here.
 *
 * <p>Reading means what it means to the reference's YAML library (gopkg.in/yaml.v3), so the same
 * bytes give the same plan in both: YAML 1.2 scalars ({@code yes}, {@code on} are strings, {@code
 * 0o17} is 15), anchors, aliases and merge keys resolved, a key given twice refused, alias bombs
 * refused (see {@link PlainScalar}, {@link YamlTree}, {@link AliasBudget}). Writing is laid out as
 * yaml.v3 lays it out (see {@link YamlWriter}).
 *
 * <p>Errors are {@link ValuesException}s that start with the document's origin and name the key
 * path and line ({@link YamlProblem}).
 */
public final class Yaml {
  private static final YamlReader REFERENCE = new YamlReader(PlainScalar.REFERENCE);
  private static final YamlReader KUBERNETES = new YamlReader(PlainScalar.KUBERNETES);

  private Yaml() {}

  /**
   * A values tree: a document whose root is a mapping, as maps, lists, strings, booleans, {@code
   * Long}s (or {@code BigInteger}s above the signed 64-bit range), {@code Double}s and nulls. An
   * empty document is an empty tree.
   *
   * @param origin names the document in errors (a file, a form field)
   */
  public static Map<String, Object> tree(String origin, String yaml) {
    YamlDocument document = REFERENCE.readOne(Nulls.orEmpty(yaml), origin);
    if (document.isEmpty()) {
      return Tree.empty();
    }
    if (!document.tree().isObject()) {
      throw new ValuesException(
          YamlProblem.withOrigin(
              origin,
              YamlProblem.at(
                  "", document.line(), "expected a mapping of keys to values at the top")));
    }
    return NodeValues.mapping(document.tree());
  }

  /**
   * A document read into a type (a record, usually) strictly: an unknown key, or a value of the
   * wrong type, is refused naming its key path. An empty document reads as an empty mapping.
   *
   * @param origin names the document in errors; empty when the caller names it itself
   */
  public static <T> T read(String origin, String yaml, Class<T> type) {
    return decode(Mappers.STRICT, origin, yaml, type);
  }

  /**
   * As {@link #read}, but keys the type does not have are skipped: for files a newer swiss wrote.
   */
  public static <T> T readIgnoringUnknownKeys(String origin, String yaml, Class<T> type) {
    return decode(Mappers.IGNORING_UNKNOWN_KEYS, origin, yaml, type);
  }

  /**
   * The mappings of a multi-document stream, such as a rendered manifest or a kubeconfig, read as
   * Kubernetes reads them: YAML 1.1's {@code yes}/{@code on}/{@code y} are booleans there. Empty
   * documents and documents that are not mappings are skipped.
   */
  public static List<Map<String, Object>> kubernetesDocuments(String origin, String yaml) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (YamlDocument document : KUBERNETES.readAll(Nulls.orEmpty(yaml), origin)) {
      if (document.tree().isObject() && !document.tree().isEmpty()) {
        out.add(NodeValues.mapping(document.tree()));
      }
    }
    return out;
  }

  /**
   * One document read as helm and Kubernetes read it (YAML 1.1's {@code yes}/{@code on} are
   * booleans), as a Jackson tree: for chart repository documents, which helm reads. A missing node
   * when the document is empty.
   */
  public static JsonNode kubernetesDocument(String origin, String yaml) {
    return KUBERNETES.readOne(Nulls.orEmpty(yaml), origin).tree();
  }

  /**
   * The value as YAML: a values tree, a list, a scalar, or a record (written with its Jackson
   * annotations, fields in declared order). {@code {}} when empty.
   */
  public static String write(Object value) {
    return YamlWriter.write(value);
  }

  private static <T> T decode(ObjectMapper mapper, String origin, String yaml, Class<T> type) {
    YamlDocument document = REFERENCE.readOne(Nulls.orEmpty(yaml), origin);
    JsonNode tree = document.isEmpty() ? JsonNodeFactory.instance.objectNode() : document.tree();
    try {
      return mapper.treeToValue(tree, type);
    } catch (JsonProcessingException e) {
      throw new ValuesException(
          YamlProblem.withOrigin(origin, YamlProblem.describe(e, tree, document::lineOf)), e);
    }
  }
}
