package dev.modelsphere.swiss.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The swiss command line as a process of its own, as a second user on another machine runs it:
 * another JVM, another pid, nothing shared with the test but the cluster. It runs from the test's
 * class path rather than {@code target/swiss.jar}, which the test phase runs before.
 */
public final class CliProcess {
  private final Process process;
  private final Path out;
  private final Path err;

  private CliProcess(Process process, Path out, Path err) {
    this.process = process;
    this.out = out;
    this.err = err;
  }

  public static CliProcess start(Path dir, String... args) {
    return start(dir, Map.of(), args);
  }

  /** The same with {@code environment} added to the test's own (a database password, say). */
  public static CliProcess start(Path dir, Map<String, String> environment, String... args) {
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Startup dominates a CLI run; the C1 compiler alone starts it sooner.
    command.addAll(List.of("-XX:TieredStopAtLevel=1", "-cp", classPath, Main.class.getName()));
    command.addAll(List.of(args));
    try {
      Path out = Files.createTempFile(dir, "out-", ".txt");
      Path err = Files.createTempFile(dir, "err-", ".txt");
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
      builder.environment().putAll(environment);
      Process process = builder.start();
      return new CliProcess(process, out, err);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the swiss CLI: " + e.getMessage(), e);
    }
  }

  public long pid() {
    return process.pid();
  }

  /** Waits for the process to end; returns its exit code. */
  public int exitCode() throws InterruptedException {
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("swiss CLI pid %d did not finish in 2 minutes".formatted(pid()));
    }
    return process.exitValue();
  }

  public boolean alive() {
    return process.isAlive();
  }

  public String err() throws IOException {
    return Files.readString(err, StandardCharsets.UTF_8);
  }

  public String out() throws IOException {
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** Sends {@code signal} (STOP, CONT, KILL) to the process, as {@code kill -SIGNAL pid} would. */
  public void signal(String signal) throws IOException, InterruptedException {
    int code = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).start().waitFor();
    if (code != 0) {
      throw new AssertionError("kill -%s %d failed (exit %d)".formatted(signal, pid(), code));
    }
  }
}
