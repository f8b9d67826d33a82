package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.RunFilter;
import dev.modelsphere.swiss.store.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DbCommandTest {
  @TempDir Path dir;

  private Path config(Path database) throws IOException {
    return Files.writeString(
        dir.resolve("swiss.yaml"), "server:\n  database: %s\n".formatted(database));
  }

  @Test
  void backupCopiesTheServersDatabaseWhileItIsOpen() throws IOException {
    Path database = dir.resolve("data/swiss.db");
    Instant now = Instant.parse("2026-12-02T10:00:00Z");
    try (Store store = Store.open(database)) {
      store.recordRun(
          new Run(0, "models", "qwen", "install", "", "admin", true, "", "", "", 1, now, now));
      Path backup = dir.resolve("backup.db");

      CliRun run =
          CliRun.of("db", "backup", "--config", config(database).toString(), backup.toString());

      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out()).contains("backed up " + database + " to " + backup);
      try (Store copy = Store.open(backup)) {
        assertThat(copy.runs(RunFilter.latest(10)))
            .extracting(Run::action)
            .containsExactly("install");
      }
    }
  }

  @Test
  void backupOfADatabaseThatDoesNotExistSaysSoAndCreatesNothing() throws IOException {
    Path database = dir.resolve("missing/swiss.db");

    CliRun run =
        CliRun.of(
            "db",
            "backup",
            "--config",
            config(database).toString(),
            dir.resolve("b.db").toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("no database at " + database, "nothing to back up");
    assertThat(database).doesNotExist();
    assertThat(dir.resolve("b.db")).doesNotExist();
  }
}
