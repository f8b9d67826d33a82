package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.plan.Explain;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Composes a plan, here or on a swiss server, and writes it as JSON or YAML, or explains where each
 * value came from.
 */
@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = "Compose a plan from the catalog, the site profile and your flags.")
public final class PlanCommand implements Runnable {
  @Mixin ComposeOptions compose;
  @Mixin ServerOption server;
  @Spec CommandSpec spec;

  /**
   * The reference takes {@code -o FILE}; {@code json} and {@code yaml} name formats as on every
   * other command, so a file of either name is written as {@code ./json}.
   */
  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE|json|yaml",
      defaultValue = "-",
      description =
          "json (the default) or yaml on standard output, or a FILE to write the JSON plan to"
              + " (./json for a file named json).")
  String output;

  @Option(
      names = "--explain",
      description =
          "Print which layer set each value and which layers it overrode, instead of the plan.")
  boolean explain;

  @Override
  public void run() {
    Composed composed = compose();
    PrintWriter out = spec.commandLine().getOut();
    // --explain replaces the plan rather than adding to it, -o included, as in the reference.
    if (explain) {
      out.print(Explain.explain(composed.plan()));
    } else if (GlobalOptions.empty(output) || output.equals("-") || output.equals("json")) {
      out.print(composed.json());
    } else if (output.equals("yaml")) {
      out.print(OutputFormat.yaml(readTree(composed.json())));
    } else {
      write(Path.of(output), PlanJson.toJson(composed.plan()));
    }
    out.flush();
  }

  /**
   * A plan and the JSON that shows it: the plan itself when composed here; the server's answer
   * (with its notes on the plan) when composed there, its hash checked as a plan file's is.
   */
  private record Composed(Plan plan, String json) {}

  private Composed compose() {
    Optional<SwissApi> api = server.api();
    if (api.isEmpty()) {
      Plan plan = ComposeOptions.told(compose.buildPlan(), spec.commandLine().getErr());
      return new Composed(plan, PlanJson.toJson(plan));
    }
    ServerCalls.Composed composed = ServerCalls.compose(api.get(), compose.planRequest());
    return new Composed(composed.plan(), composed.json());
  }

  private static Object readTree(String json) {
    try {
      return JsonMappers.PLAIN.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String json) {
    try {
      Files.writeString(file, json, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
