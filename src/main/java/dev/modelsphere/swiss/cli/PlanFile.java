package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.values.DocumentFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Reading plan files, shared by every command that takes a plan. */
public final class PlanFile {
  private PlanFile() {}

  /** Reads and verifies a JSON plan; a hash that does not match its content is refused. */
  public static Plan read(Path file) {
    String json =
        DocumentFile.read(
            file,
            (reason, e) -> new UncheckedIOException("cannot read plan " + file + ": " + reason, e));
    return PlanJson.fromJson(file.toString(), json);
  }
}
