package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.server.TestServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One run of the swiss command line in this JVM, with what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cli = Main.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }

  /**
   * A config file in {@code dir} that serves {@code namespace} only ({@code cluster.namespaces}): a
   * local write's preflight then looks for claims there, as a server scoped to the test's namespace
   * does, not at the releases other tests hold elsewhere on the shared cluster.
   */
  static Path servingOnly(Path dir, String namespace) {
    try {
      return Files.writeString(
          dir.resolve("serving-" + namespace + ".yaml"),
          "cluster:\n  namespaces: [%s]\n".formatted(namespace));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code swiss login} to {@code server} as the test user, the password given on stdin. */
  static CliRun login(TestServer server) {
    InputStream before = System.in;
    System.setIn(
        new ByteArrayInputStream((TestServer.PASSWORD + "\n").getBytes(StandardCharsets.UTF_8)));
    try {
      return of("login", server.url(), "--username", TestServer.USER, "--password-stdin");
    } finally {
      System.setIn(before);
    }
  }
}
