package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reading plan files, shared by every command that takes a plan. */
public final class PlanFile {
  private PlanFile() {}

  /** Reads and verifies a JSON plan; a hash that does not match its content is refused. */
  public static Plan read(Path file) {
    String json;
    try {
      json = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read plan "
              + file
              + ": "
              + (e instanceof NoSuchFileException ? "no such file" : e.toString()),
          e);
    }
    return PlanJson.fromJson(file.toString(), json);
  }
}
