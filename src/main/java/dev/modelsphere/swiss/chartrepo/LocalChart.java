package dev.modelsphere.swiss.chartrepo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.values.ValuesException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** The version of a chart on disk, from its {@code Chart.yaml}. */
final class LocalChart {

  private LocalChart() {}

  static String version(Path chart) {
    Path chartYaml = chart.resolve("Chart.yaml");
    JsonNode document;
    try {
      document = ChartYaml.read(Files.readAllBytes(chartYaml));
    } catch (NoSuchFileException e) {
      throw new RepoException(
          chartYaml.toString(),
          "no such file: is chartPath in the site profile the directory that holds the %s chart?"
              .formatted(chart.getFileName()));
    } catch (IOException | ValuesException e) {
      throw new RepoException(chartYaml.toString(), e);
    }
    String version = document.path("version").asText("");
    if (version.isEmpty()) {
      throw new RepoException(chartYaml.toString(), "it names no version");
    }
    return version;
  }
}
