package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.plan.Plan;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Checks that a plan file is still the plan that was composed. */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = "Check a JSON plan file's hash: refuse a plan edited after it was composed.")
public final class VerifyCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "PLAN", description = "A plan written by `swiss plan -o`.")
  Path file;

  @Override
  public void run() {
    Plan plan = PlanFile.read(file);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "%s/%s %s: %s%n",
        plan.release().namespace(), plan.release().name(), plan.source().model(), plan.hash());
    out.flush();
  }
}
