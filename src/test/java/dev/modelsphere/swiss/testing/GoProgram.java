package dev.modelsphere.swiss.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Go program under {@code src/test/go/}: the reference is written in Go, and these programs
 * compute what the reference computes (encodings, hashes) so the Java tests compare against Go
 * itself rather than against numbers copied from it.
 */
public final class GoProgram {
  private static final Path ROOT = Path.of(System.getProperty("user.dir"), "src", "test", "go");
  private static final long TIMEOUT_SECONDS = 180;

  private final Path dir;

  private GoProgram(Path dir) {
    this.dir = dir;
  }

  /** The program in {@code src/test/go/<name>}. */
  public static GoProgram named(String name) {
    return new GoProgram(ROOT.resolve(name));
  }

  /** The program's folder, where its kept outputs (test vectors) live beside it. */
  public Path dir() {
    return dir;
  }

  /** What {@code go run .} prints; fails the test unless it exits 0. */
  public String run(String... args) {
    Result result = runAllowingFailure(args);
    assertThat(result.exitCode())
        .as("go run . %s in %s exited non-zero:%n%s", String.join(" ", args), dir, result.stderr())
        .isZero();
    return result.stdout();
  }

  /** What the program printed and how it exited. */
  public record Result(int exitCode, String stdout, String stderr) {}

  /** Runs {@code go run .} with the arguments and returns whatever came of it. */
  public Result runAllowingFailure(String... args) {
    List<String> command = new ArrayList<>(List.of(findGo(), "run", "."));
    command.addAll(List.of(args));
    try {
      Path stderr = Files.createTempFile("go-run", ".stderr");
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectError(stderr.toFile())
              .start();
      String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return fail("go run . in %s did not finish in %d s", dir, TIMEOUT_SECONDS);
      }
      String errors = Files.readString(stderr);
      Files.delete(stderr);
      return new Result(process.exitValue(), stdout, errors);
    } catch (IOException e) {
      return fail("cannot run go in %s: %s", dir, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail("interrupted while go ran in %s", dir);
    }
  }

  /** CI has Go: a missing go is a failure, never a skip, so a vector cannot go stale quietly. */
  private static String findGo() {
    List<Path> candidates = new ArrayList<>();
    String path = System.getenv().getOrDefault("PATH", "");
    Arrays.stream(path.split(File.pathSeparator))
        .forEach(folder -> candidates.add(Path.of(folder, "go")));
    String goroot = System.getenv("GOROOT");
    if (goroot != null) {
      candidates.add(Path.of(goroot, "bin", "go"));
    }
    candidates.add(Path.of("/usr/local/go/bin/go"));
    for (Path candidate : candidates) {
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    return fail(
        "go is not installed (looked on PATH, in $GOROOT/bin and /usr/local/go/bin); "
            + "the tests that compare with the Go reference need it");
  }
}
