package dev.modelsphere.swiss.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The one {@code swiss} command; each verb is a subcommand. */
@Command(
    name = "swiss",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "A deploy control plane for LLM serving on Kubernetes.",
    subcommands = {CommandLine.HelpCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new Main()).execute(args));
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"swiss " + (v == null ? "dev" : v)};
    }
  }
}
