package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.values.ValuesException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What of a chart decides which values it accepts: its name, its default {@code values.yaml}, its
 * {@code values.schema.json}, and the same of each subchart under {@code charts/} (directories or
 * packaged archives). Read from a chart directory or a packaged chart; templates are not read.
 *
 * @param values the text of values.yaml; empty when there is none
 * @param schema the text of values.schema.json, when the chart has one
 * @param plainDependencies every dependency Chart.yaml lists is a subchart found here, none renamed
 *     ({@code alias}) or importing values: the subcharts' values sit under their own names, as the
 *     values alone say
 */
public record ChartFiles(
    String name,
    String values,
    Optional<String> schema,
    List<ChartFiles> subcharts,
    boolean plainDependencies) {

  private static final String CHART_YAML = "Chart.yaml";
  private static final String VALUES = "values.yaml";
  private static final String SCHEMA = "values.schema.json";

  public ChartFiles {
    subcharts = List.copyOf(subcharts);
  }

  /**
   * The chart at {@code path}: a chart directory or a packaged chart ({@code .tgz}).
   *
   * @throws RepoException when it is neither, or cannot be read
   */
  public static ChartFiles read(Path path) {
    try {
      if (Files.isDirectory(path)) {
        return fromDirectory(path);
      }
      return fromArchive(Files.readAllBytes(path));
    } catch (IOException | ValuesException e) {
      throw new RepoException(path.toString(), e);
    }
  }

  private static ChartFiles fromDirectory(Path dir) throws IOException {
    List<ChartFiles> subcharts = new ArrayList<>();
    Path charts = dir.resolve("charts");
    if (Files.isDirectory(charts)) {
      try (Stream<Path> entries = Files.list(charts)) {
        for (Path entry : entries.sorted().toList()) {
          if (Files.isRegularFile(entry.resolve(CHART_YAML))) {
            subcharts.add(fromDirectory(entry));
          } else if (entry.getFileName().toString().endsWith(".tgz")) {
            subcharts.add(fromArchive(Files.readAllBytes(entry)));
          }
        }
      }
    }
    Function<String, Optional<String>> file =
        name -> {
          Path p = dir.resolve(name);
          try {
            return Files.isRegularFile(p) ? Optional.of(Files.readString(p)) : Optional.empty();
          } catch (IOException e) {
            throw new RepoException(p.toString(), e);
          }
        };
    return of(file, subcharts, dir.toString());
  }

  private static ChartFiles fromArchive(byte[] archive) throws IOException {
    Map<String, byte[]> files =
        TarGz.files(
            archive,
            name ->
                name.endsWith("/" + CHART_YAML)
                    || name.endsWith("/" + VALUES)
                    || name.endsWith("/" + SCHEMA)
                    || (name.contains("/charts/") && name.endsWith(".tgz")));
    String top =
        files.keySet().stream()
            .filter(
                name ->
                    name.endsWith("/" + CHART_YAML) && name.indexOf('/') == name.lastIndexOf('/'))
            .findFirst()
            .map(name -> name.substring(0, name.indexOf('/') + 1))
            .orElseThrow(() -> new IOException("no Chart.yaml at the top of the archive"));
    return fromEntries(files, top);
  }

  /** The chart whose files sit under {@code prefix} ("sglang/") in an archive's entries. */
  private static ChartFiles fromEntries(Map<String, byte[]> files, String prefix)
      throws IOException {
    List<ChartFiles> subcharts = new ArrayList<>();
    String charts = prefix + "charts/";
    for (String name : files.keySet()) {
      if (!name.startsWith(charts)) {
        continue;
      }
      String rest = name.substring(charts.length());
      if (rest.endsWith(".tgz") && !rest.contains("/")) {
        subcharts.add(fromArchive(files.get(name)));
      } else if (rest.endsWith("/" + CHART_YAML) && rest.indexOf('/') == rest.lastIndexOf('/')) {
        subcharts.add(fromEntries(files, charts + rest.substring(0, rest.indexOf('/') + 1)));
      }
    }
    Function<String, Optional<String>> file =
        name ->
            Optional.ofNullable(files.get(prefix + name))
                .map(bytes -> new String(bytes, StandardCharsets.UTF_8));
    return of(file, subcharts, prefix);
  }

  private static ChartFiles of(
      Function<String, Optional<String>> file, List<ChartFiles> subcharts, String where) {
    JsonNode chart =
        ChartYaml.read(
            file.apply(CHART_YAML)
                .orElseThrow(() -> new RepoException(where, "no " + CHART_YAML))
                .getBytes(StandardCharsets.UTF_8));
    List<String> found = subcharts.stream().map(ChartFiles::name).toList();
    boolean plain = true;
    for (JsonNode dependency : chart.path("dependencies")) {
      plain &=
          !dependency.has("alias")
              && !dependency.has("import-values")
              && found.contains(dependency.path("name").asText(""));
    }
    return new ChartFiles(
        chart.path("name").asText(""),
        file.apply(VALUES).orElse(""),
        file.apply(SCHEMA),
        subcharts,
        plain);
  }
}
