package dev.modelsphere.swiss.values;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.emitter.Emitter;
import org.yaml.snakeyaml.events.DocumentEndEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.ImplicitTuple;
import org.yaml.snakeyaml.events.MappingEndEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.StreamEndEvent;
import org.yaml.snakeyaml.events.StreamStartEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * How one string is written, in the style yaml.v3 chooses: plain when it reads back as the same
 * string, double-quoted when it would read back as another type, a literal block ({@code |}) when
 * it spans lines. SnakeYAML's emitter, a sibling of the libyaml emitter inside yaml.v3, decides
 * what a plain or quoted scalar must escape.
 *
 * <p>"Reads back as the same string" is asked of three readers: the reference's (YAML 1.2 as
 * yaml.v3 has it), Kubernetes' and helm's (YAML 1.1 booleans: {@code yes}, {@code on}, {@code y})
 * and SnakeYAML's YAML 1.1 resolver ({@code 1_000}, {@code 0x10}, sexagesimal {@code 1:20},
 * timestamps). helm reads values files as YAML 1.1, so a string must survive all of them.
 */
final class ScalarText {
  private static final Resolver YAML_ONE_ONE = new Resolver();
  private static final ImplicitTuple UNTAGGED = new ImplicitTuple(true, true);

  /** Where SnakeYAML puts a block scalar's lines when it writes {@code k: |}. */
  private static final String EMITTER_INDENT = "    ";

  private static final String KEY_PREFIX = "k: ";

  /**
   * How one-line strings are written, by text. Keys and most values recur from document to document
   * (a values tree's keys, a helmfile's), and deciding costs three YAML readers and often an
   * emitter, against one lookup. Bounded in count and in the length of what it keeps, as the
   * strings come from documents a long-running server is sent.
   */
  private static final Cache<String, List<String>> ONE_LINE =
      Caffeine.newBuilder().maximumSize(10_000).build();

  private static final int CACHED_LENGTH = 128;

  private ScalarText() {}

  /**
   * The lines of the scalar: the first goes after {@code key: } or {@code - }, the others (those of
   * a literal block) belong at the block's content indentation.
   *
   * @param key whether the string is a mapping key, which must fit on one line
   */
  static List<String> lines(String value, boolean key) {
    if (value.length() <= CACHED_LENGTH && value.indexOf('\n') < 0) {
      // One line: the style does not depend on key (see style()), so both share the entry.
      return ONE_LINE.get(value, text -> decide(text, false));
    }
    return decide(value, key);
  }

  private static List<String> decide(String value, boolean key) {
    ScalarStyle style = style(value, key);
    // Most keys and values (names, paths, image references) are written as they are: skip
    // building an emitter for them, which cost most of writing a helmfile.
    if (style == ScalarStyle.PLAIN && plainAsWritten(value)) {
      return List.of(value);
    }
    return emittedLines(value, style);
  }

  /** {@link #lines}, always asking SnakeYAML's emitter; what {@link #plainAsWritten} must match. */
  static List<String> emittedLines(String value, ScalarStyle style) {
    String written = emit(value, style);
    List<String> lines = new ArrayList<>();
    for (String line : written.substring(KEY_PREFIX.length()).split("\n", -1)) {
      lines.add(lines.isEmpty() ? line : unindented(line));
    }
    return List.copyOf(lines);
  }

  /** True when the string reads back as a string of the same text under every reader above. */
  static boolean readsBackAsItself(String value) {
    return PlainScalar.KUBERNETES.isString(value)
        && PlainScalar.REFERENCE.isString(value)
        && Tag.STR.equals(YAML_ONE_ONE.resolve(NodeId.scalar, value, true))
        && !"<<".equals(value);
  }

  /**
   * True when the emitter would write this plain scalar unchanged: printable ASCII without spaces
   * that starts with a letter, a digit, {@code /} or a {@code -} that is not a dash indicator or
   * {@code ---}, and holds no {@code #} and no flow or block indicator other than a {@code :}
   * inside it (followed by a character, it is not one). Deliberately narrow: whatever it refuses is
   * still written by the emitter.
   */
  static boolean plainAsWritten(String value) {
    int last = value.length() - 1;
    if (last < 0 || !plainStart(value)) {
      return false;
    }
    for (int i = 1; i <= last; i++) {
      char c = value.charAt(i);
      boolean plain =
          asciiLetterOrDigit(c)
              || c == '.'
              || c == '_'
              || c == '-'
              || c == '/'
              || c == '+'
              || c == '='
              || (c == ':' && i < last);
      if (!plain) {
        return false;
      }
    }
    return true;
  }

  private static boolean plainStart(String value) {
    char first = value.charAt(0);
    if (first == '-') {
      return value.length() > 1 && !value.startsWith("---");
    }
    return asciiLetterOrDigit(first) || first == '/';
  }

  private static boolean asciiLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  static ScalarStyle style(String value, boolean key) {
    if (!readsBackAsItself(value)) {
      return ScalarStyle.DOUBLE_QUOTED;
    }
    if (value.indexOf('\n') < 0) {
      return ScalarStyle.PLAIN;
    }
    // A block that starts with a space needs an indentation indicator, counted from where the
    // emitter put the block; this writer indents it elsewhere, so quote such text instead.
    boolean blockFits = !key && !value.startsWith(" ") && !value.startsWith("\n");
    return blockFits ? ScalarStyle.LITERAL : ScalarStyle.DOUBLE_QUOTED;
  }

  /**
   * The scalar written as the value of a one-key mapping, {@code k: <value>}, end marks removed.
   */
  private static String emit(String value, ScalarStyle style) {
    DumperOptions options = new DumperOptions();
    options.setIndent(EMITTER_INDENT.length());
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    StringWriter out = new StringWriter();
    Emitter emitter = new Emitter(out, options);
    try {
      emitter.emit(new StreamStartEvent(null, null));
      emitter.emit(new DocumentStartEvent(null, null, false, null, null));
      emitter.emit(
          new MappingStartEvent(null, null, true, null, null, DumperOptions.FlowStyle.BLOCK));
      emitter.emit(new ScalarEvent(null, null, UNTAGGED, "k", null, null, ScalarStyle.PLAIN));
      emitter.emit(new ScalarEvent(null, null, UNTAGGED, value, null, null, style));
      emitter.emit(new MappingEndEvent(null, null));
      emitter.emit(new DocumentEndEvent(null, null, false));
      emitter.emit(new StreamEndEvent(null, null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String written = out.toString();
    // After a block that keeps its trailing newlines (|+) the emitter closes the document with
    // "...": the writer places the next key itself, so the mark goes.
    if (written.endsWith("\n...\n")) {
      written = written.substring(0, written.length() - "...\n".length());
    }
    return written.substring(0, written.length() - 1);
  }

  private static String unindented(String line) {
    return line.startsWith(EMITTER_INDENT) ? line.substring(EMITTER_INDENT.length()) : line;
  }
}
