package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The {@code -o} option of a command that prints a result: a table for people, or the same JSON (or
 * YAML) the HTTP API answers for the same thing, for scripts.
 */
final class OutputFormat {
  static final List<String> FORMATS = List.of("table", "wide", "json", "yaml");

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      description =
          "table (the default), wide (more columns), json or yaml: the JSON is the API's answer"
              + " for the same thing (docs/openapi.yaml).")
  String format = "table";

  /**
   * Prints {@code answer} as asked.
   *
   * @param table the table of the answer, given whether it is the wide one
   */
  void print(PrintWriter out, Object answer, Function<Boolean, String> table) {
    switch (checked()) {
      case "json" -> out.print(Json.text(answer));
      case "yaml" -> out.print(yaml(answer));
      case "wide" -> out.print(table.apply(true));
      default -> out.print(table.apply(false));
    }
    out.flush();
  }

  /** Whether a script asked for the answer itself: progress and notes stay off standard output. */
  boolean structured() {
    String f = checked();
    return f.equals("json") || f.equals("yaml");
  }

  private String checked() {
    if (!FORMATS.contains(format)) {
      throw new CliException(
          "-o %s is not one of %s".formatted(format, String.join(", ", FORMATS)));
    }
    return format;
  }

  /** YAML of exactly the JSON answer: the same names, the same members left out. */
  static String yaml(Object answer) {
    try {
      JsonNode tree = JsonMappers.PLAIN.readTree(Json.text(answer));
      return YAML.writeValueAsString(tree);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
