package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.store.PostgresUrl;
import dev.modelsphere.swiss.store.Store;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The server's database: its plans and audit log. */
@Command(
    name = "db",
    mixinStandardHelpOptions = true,
    description = "The database of swiss serve (server.database): its audit log and plans.",
    subcommands = {DbCommand.Backup.class})
public final class DbCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** A consistent copy of the database, taken while the server runs. */
  @Command(
      name = "backup",
      mixinStandardHelpOptions = true,
      description =
          "Copy the database of the config's server.database to DEST, consistently, while swiss"
              + " serve keeps running.")
  static final class Backup implements Runnable {
    @Mixin ConfigFileOption config;
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DEST", description = "The new file; never overwritten.")
    Path destination;

    @Override
    public void run() {
      Path found = Config.find(config.path);
      if (found == null) {
        throw new CliException("no config file: pass --config, or set SWISS_CONFIG");
      }
      String database = Config.load(found).server().database();
      // Opening a missing file would create an empty database, and back that up.
      if (!PostgresUrl.names(database) && !Files.isRegularFile(Path.of(database))) {
        throw new CliException(
            "no database at %s (server.database of %s): nothing to back up"
                .formatted(database, found));
      }
      try (Store store = Store.open(database, DatabasePassword.fromEnvironment())) {
        store.backupTo(destination);
      }
      PrintWriter out = spec.commandLine().getOut();
      out.printf("backed up %s to %s%n", database, destination);
      out.flush();
    }
  }
}
