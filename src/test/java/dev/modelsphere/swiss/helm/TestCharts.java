package dev.modelsphere.swiss.helm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The project's example charts and the shared fixtures, as tests find them. */
public final class TestCharts {

  private TestCharts() {}

  public static Path project() {
    return Path.of(System.getProperty("user.dir"));
  }

  /** {@code examples/charts}: the sglang and vllm charts swiss tests and demos deploy. */
  public static Path exampleCharts() {
    return project().resolve("examples/charts");
  }

  public static Path fixtures() {
    return project().resolve("../shared/fixtures").normalize();
  }

  /**
   * A copy of example chart {@code name} whose Chart.yaml says {@code version}, packaged as {@code
   * <name>-<version>.tgz} into {@code destination}.
   */
  public static Path packageAt(String name, String version, Path destination) {
    return packageAt(name, version, destination, "");
  }

  /**
   * As {@link #packageAt(String, String, Path)}, with {@code description} in Chart.yaml instead of
   * the chart's own when it is not empty: the same chart version with another archive digest.
   */
  public static Path packageAt(String name, String version, Path destination, String description) {
    try {
      Path work = Files.createTempDirectory("swiss-chart-");
      Path copy = work.resolve(name);
      copyTree(exampleCharts().resolve(name), copy);
      Path chartYaml = copy.resolve("Chart.yaml");
      Files.writeString(
          chartYaml,
          Files.readString(chartYaml).replaceFirst("(?m)^version: .*$", "version: " + version));
      if (!description.isEmpty()) {
        Files.writeString(
            chartYaml,
            Files.readString(chartYaml)
                .replaceFirst("(?m)^description: .*$", "description: " + description));
      }
      Files.createDirectories(destination);
      return packageChart(copy, destination);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code helm package <chart> -d <destination>}; the archive's path. */
  public static Path packageChart(Path chart, Path destination) {
    LibraryRequest.Builder call =
        LibraryRequest.of("package").chart(LibraryChart.onDisk(chart.toString()));
    call.destination = destination.toString();
    return Path.of(HelmLibrary.call(call.build(), LibraryResults.Packaged.class).path());
  }

  /**
   * A chart directory made from a fixture chart's Chart.yaml identity, values.yaml and
   * values.schema.json, with one trivial template of our own (the fixtures carry no templates).
   */
  public static Path fixtureChart(String name) {
    Path fixture = fixtures().resolve("helm-charts/charts").resolve(name);
    try {
      Path dir = Files.createTempDirectory("swiss-fixture-chart-").resolve(name);
      Files.createDirectories(dir.resolve("templates"));
      String version =
          Files.readString(fixture.resolve("Chart.yaml"))
              .lines()
              .filter(l -> l.startsWith("version:"))
              .findFirst()
              .orElseThrow()
              .substring("version:".length())
              .strip();
      // Only the identity: the fixture's dependencies are vendored elsewhere and not needed here.
      Files.writeString(
          dir.resolve("Chart.yaml"),
          "apiVersion: v2\nname: " + name + "\nversion: " + version + "\n");
      Files.copy(fixture.resolve("values.yaml"), dir.resolve("values.yaml"));
      Files.copy(fixture.resolve("values.schema.json"), dir.resolve("values.schema.json"));
      Files.writeString(
          dir.resolve("templates/identity.yaml"),
          """
          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: {{ .Release.Name }}-values
          data:
            serviceId: {{ .Values.serviceId | quote }}
            image: {{ printf "%s:%s" .Values.image.repository .Values.image.tag | quote }}
          """);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
