package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** The version of a chart on disk, from its {@code Chart.yaml}. */
final class LocalChart {

  private LocalChart() {}

  static String version(String path, String name) {
    Path chartYaml = Path.of(path, name, "Chart.yaml");
    JsonNode chart;
    try {
      chart = ChartYaml.MAPPER.readTree(Files.readAllBytes(chartYaml));
    } catch (NoSuchFileException e) {
      throw new RepoException(
          chartYaml.toString(),
          "no such file: is chartPath in the site profile the directory that holds the "
              + name
              + " chart?");
    } catch (IOException e) {
      throw new RepoException(chartYaml.toString(), e);
    }
    String version = chart == null ? "" : chart.path("version").asText("");
    if (version.isEmpty()) {
      throw new RepoException(chartYaml.toString(), "it names no version");
    }
    return version;
  }
}
