package dev.modelsphere.swiss.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The options a command takes that {@code swiss} also accepts before the command's name, as kubectl
 * and argocd accept their global flags: {@code swiss --server URL list} is {@code swiss list
 * --server URL}. Each is declared here again only so that the top command parses it; its meaning
 * stays the command's own option of the same name, into which {@link #handDown} puts the value, so
 * every command reads its options as it always did and its {@code --help} lists only what it takes.
 */
final class RootOptions {
  @Option(
      names = "--server",
      paramLabel = "URL",
      description =
          "Go through this swiss server's API instead of the cluster (as each command's --server).")
  String server;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Config file (default: $SWISS_CONFIG, ./swiss.yaml, ~/.config/swiss/swiss.yaml).")
  String config;

  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description = "Kubeconfig file of the commands that reach the cluster.")
  Path kubeconfig;

  @Option(
      names = "--context",
      description = "Kubeconfig context of the commands that reach the cluster.")
  String context;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      description = "Output of the commands that print a result (table, wide, json, yaml).")
  String output;

  /**
   * Puts each option given before the command into the command's own option of that name, unless
   * the command was given that option itself (the nearer one wins). An option the command does not
   * take is refused rather than ignored, as kubectl would: each of these says where a command acts
   * or what it prints, and a user who saw {@code swiss --server URL render} run quietly on this
   * machine would believe it went through the server.
   */
  static void handDown(ParseResult top) {
    ParseResult command = top;
    while (command.hasSubcommand()) {
      command = command.subcommand();
    }
    if (command == top) {
      return;
    }
    for (OptionSpec given : top.matchedOptions()) {
      if (given.usageHelp() || given.versionHelp()) {
        continue;
      }
      OptionSpec own = command.commandSpec().findOption(given.longestName());
      if (own == null) {
        throw notTaken(command.commandSpec(), given.longestName());
      }
      if (!command.hasMatchedOption(own)) {
        own.setValue(given.getValue());
      }
    }
  }

  private static ParameterException notTaken(CommandSpec command, String option) {
    return new ParameterException(
        command.commandLine(),
        "%s takes no %s, so it did not run: give %s to a command that takes it"
            .formatted(command.qualifiedName(), option, option));
  }
}
