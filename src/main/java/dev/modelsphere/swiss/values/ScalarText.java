package dev.modelsphere.swiss.values;

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

  private ScalarText() {}

  /**
   * The lines of the scalar: the first goes after {@code key: } or {@code - }, the others (those of
   * a literal block) belong at the block's content indentation.
   *
   * @param key whether the string is a mapping key, which must fit on one line
   */
  static List<String> lines(String value, boolean key) {
    String written = emit(value, style(value, key));
    List<String> lines = new ArrayList<>();
    for (String line : written.substring(KEY_PREFIX.length()).split("\n", -1)) {
      lines.add(lines.isEmpty() ? line : unindented(line));
    }
    return lines;
  }

  /** True when the string reads back as a string of the same text under every reader above. */
  static boolean readsBackAsItself(String value) {
    return PlainScalar.KUBERNETES.isString(value)
        && PlainScalar.REFERENCE.isString(value)
        && Tag.STR.equals(YAML_ONE_ONE.resolve(NodeId.scalar, value, true))
        && !"<<".equals(value);
  }

  private static ScalarStyle style(String value, boolean key) {
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
