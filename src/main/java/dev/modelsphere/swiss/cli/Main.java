package dev.modelsphere.swiss.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The one {@code swiss} command; each verb is a subcommand. */
@Command(
    name = "swiss",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = {
      "A deploy control plane for LLM serving on Kubernetes.",
      "",
      "The options below may come before a command as well as after it, as kubectl's do:"
          + " swiss --server URL list is swiss list --server URL. The command's own --help says"
          + " what each means for it."
    },
    subcommands = {
      CommandLine.HelpCommand.class,
      CatalogCommand.class,
      PlanCommand.class,
      VerifyCommand.class,
      RenderCommand.class,
      DiffCommand.class,
      InstallCommand.class,
      ApplyCommand.class,
      RollbackCommand.class,
      HistoryCommand.class,
      UninstallCommand.class,
      ApprovalsCommand.class,
      ApproveCommand.class,
      StatusCommand.class,
      ListCommand.class,
      ServeCommand.class,
      DbCommand.class,
      LoginCommand.class,
      LogoutCommand.class,
      CompletionCommand.class,
      CompleteCommand.class
    })
public final class Main implements Runnable {
  /** Exit code for a failure of no more particular kind ({@link ExitCodes}). */
  public static final int FAILED = ExitCodes.FAILED;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin RootOptions before;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line with swiss's error handling: a one-line message and the kind's exit code. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionStrategy(
        parsed -> {
          RootOptions.handDown(parsed);
          return new CommandLine.RunLast().execute(parsed);
        });
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          PrintWriter err = cmd.getErr();
          err.println("swiss: " + messageOf(e));
          err.flush();
          return ExitCodes.of(e);
        });
    cli.setParameterExceptionHandler(
        (e, args) -> {
          PrintWriter err = e.getCommandLine().getErr();
          err.println("swiss: " + e.getMessage());
          err.println(
              "Run '"
                  + e.getCommandLine().getCommandSpec().qualifiedName()
                  + " --help' for usage.");
          err.flush();
          return FAILED;
        });
    return cli;
  }

  private static String messageOf(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isEmpty() ? e.getClass().getSimpleName() : m;
  }

  /** The version the jar was built as; {@code dev} when run from classes. */
  static String version() {
    String v = Main.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"swiss " + version()};
    }
  }
}
