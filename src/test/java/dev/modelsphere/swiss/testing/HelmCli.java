package dev.modelsphere.swiss.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Helm's own CLI at the version swiss embeds, built from the Go module proxy by {@code
 * hack/helm-cli} (cached per machine; {@code hack/test} builds it before the tests run), for tests
 * that check swiss and helm share releases.
 */
public final class HelmCli {

  /** What one helm command did. */
  public record Result(int exitCode, String out, String err) {}

  private static Path binary;

  private final Path kubeconfig;

  public HelmCli(Path kubeconfig) {
    this.kubeconfig = kubeconfig;
  }

  /** Runs {@code helm <args> --kubeconfig <the test cluster's>}. */
  public Result run(String... args) {
    List<String> command = new ArrayList<>();
    command.add(binary().toString());
    command.addAll(List.of(args));
    command.add("--kubeconfig");
    command.add(kubeconfig.toString());
    return exec(command);
  }

  /** Like {@link #run} but fails the test, with helm's own words, when helm does. */
  public String ok(String... args) {
    Result result = run(args);
    if (result.exitCode() != 0) {
      throw new AssertionError(
          "helm %s exited %d: %s"
              .formatted(String.join(" ", args), result.exitCode(), result.err()));
    }
    return result.out();
  }

  /**
   * Installs {@code chart} as {@code release} by hand, as a user of helm would, with each of a
   * plan's layers as a values file (written into {@code dir}) in their order, then {@code more}.
   */
  public String installLayers(
      String release, Path chart, String namespace, Path dir, JsonNode layers, String... more) {
    List<String> args =
        new ArrayList<>(List.of("install", release, chart.toString(), "-n", namespace));
    for (var layer : layers.properties()) {
      Path file = dir.resolve(release + "-" + layer.getKey() + ".json");
      try {
        Files.writeString(file, layer.getValue().toString());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      args.addAll(List.of("-f", file.toString()));
    }
    args.addAll(List.of(more));
    return ok(args.toArray(String[]::new));
  }

  private static synchronized Path binary() {
    if (binary == null) {
      Result built = exec(List.of("bash", "hack/helm-cli"));
      if (built.exitCode() != 0) {
        throw new AssertionError("hack/helm-cli could not build helm: " + built.err());
      }
      binary = Path.of(built.out().strip().lines().reduce((a, b) -> b).orElseThrow());
    }
    return binary;
  }

  private static Result exec(List<String> command) {
    try {
      // Errors to a file: reading two pipes one after the other can block on a full second one.
      Path err = Files.createTempFile("swiss-helm-cli-", ".err");
      try {
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
        var out = process.getInputStream().readAllBytes();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
          process.destroyForcibly();
          throw new AssertionError("timed out: " + command);
        }
        return new Result(
            process.exitValue(),
            new String(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted: " + command, e);
    }
  }
}
