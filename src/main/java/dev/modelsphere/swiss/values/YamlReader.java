package dev.modelsphere.swiss.values;

import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Parses YAML text into documents. SnakeYAML does the syntax and resolves anchors and aliases to
 * shared nodes; what a plain scalar means is left to {@link PlainScalar}, and merge keys to {@link
 * YamlTree}, because SnakeYAML's own rules are YAML 1.1's.
 */
final class YamlReader {
  /**
   * Far above any values file, profile or catalog document, and above the largest public chart
   * repository index; SnakeYAML's default (3 MB) is below the latter.
   */
  static final int MAX_CODE_POINTS = 64 * 1024 * 1024;

  private static final int MAX_NESTING = 500;

  /** The tag of a plain scalar that carries no tag of its own, for {@link PlainScalar} to read. */
  static final Tag PLAIN = new Tag("tag:swiss.modelsphere.dev,2026:plain");

  private final PlainScalar rules;

  YamlReader(PlainScalar rules) {
    this.rules = rules;
  }

  /**
   * Every document in the text, in order; a stream with nothing in it has none.
   *
   * @param origin names the text in errors
   * @throws ValuesException for a syntax error, a bad alias or a value the reference would refuse
   */
  List<YamlDocument> readAll(String text, String origin) {
    if (text.isEmpty()) {
      // Most forms and plans carry no YAML: a parser set up for nothing is ~20 KB of garbage.
      return List.of();
    }
    List<YamlDocument> documents = new ArrayList<>();
    try {
      Composer composer = composer(text);
      while (composer.checkNode()) {
        Node root = composer.getNode();
        AliasBudget.check(root);
        documents.add(new YamlDocument(new YamlTree(rules).convert(root), root));
      }
    } catch (MarkedYAMLException e) {
      throw new ValuesException(YamlProblem.withOrigin(origin, syntaxProblem(e)), e);
    } catch (YAMLException | ValuesException e) {
      throw new ValuesException(YamlProblem.withOrigin(origin, e.getMessage()), e);
    }
    return documents;
  }

  /**
   * The one document in the text; an empty text is an empty document ({@link YamlDocument#empty}).
   *
   * @throws ValuesException when the text holds a second document, or as {@link #readAll}
   */
  YamlDocument readOne(String text, String origin) {
    List<YamlDocument> documents = readAll(text, origin);
    if (documents.size() > 1) {
      String problem =
          YamlProblem.at(
              "",
              documents.get(1).line(),
              "a second document starts here, but this file holds one; remove the `---`");
      throw new ValuesException(YamlProblem.withOrigin(origin, problem));
    }
    return documents.isEmpty() ? YamlDocument.empty() : documents.get(0);
  }

  private static Composer composer(String text) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(MAX_CODE_POINTS);
    options.setNestingDepthLimit(MAX_NESTING);
    // Aliases are bounded by what they expand to (AliasBudget), not by how many there are.
    options.setMaxAliasesForCollections(Integer.MAX_VALUE);
    options.setAllowRecursiveKeys(false);
    return new Composer(new ParserImpl(new StreamReader(text), options), new Marker(), options);
  }

  private static String syntaxProblem(MarkedYAMLException e) {
    Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
    String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
    return YamlProblem.at("", mark == null ? 0 : mark.getLine() + 1, problem);
  }

  /**
   * Tags plain untagged scalars {@link #PLAIN} and every other untagged scalar a string, as yaml.v3
   * treats quoted and block scalars.
   */
  private static final class Marker extends Resolver {
    @Override
    public Tag resolve(NodeId kind, String value, boolean implicit) {
      return switch (kind) {
        case scalar -> implicit ? PLAIN : Tag.STR;
        case sequence -> Tag.SEQ;
        default -> Tag.MAP;
      };
    }
  }
}
