package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.plan.Explain;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Composes a plan and writes it as JSON, or explains where each value came from. */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = "Compose a plan from the catalog, the site profile and your flags.")
public final class PlanCommand implements Runnable {
  @Mixin ComposeOptions compose;
  @Spec CommandSpec spec;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      defaultValue = "-",
      description = "Where to write the JSON plan (default: standard output).")
  String output;

  @Option(
      names = "--explain",
      description =
          "Print which layer set each value and which layers it overrode, instead of the plan.")
  boolean explain;

  @Override
  public void run() {
    Plan plan = compose.buildPlan();
    PrintWriter out = spec.commandLine().getOut();
    // --explain replaces the plan rather than adding to it, -o included, as in the reference.
    if (explain) {
      out.print(Explain.explain(plan));
    } else if (GlobalOptions.empty(output) || output.equals("-")) {
      out.print(PlanJson.toJson(plan));
    } else {
      write(Path.of(output), PlanJson.toJson(plan));
    }
    out.flush();
  }

  private static void write(Path file, String json) {
    try {
      Files.writeString(file, json, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
