package dev.modelsphere.swiss.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

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
}
