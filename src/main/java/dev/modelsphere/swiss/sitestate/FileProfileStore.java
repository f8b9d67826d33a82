package dev.modelsphere.swiss.sitestate;

import dev.modelsphere.swiss.error.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** A profile kept in a file; the server reads it but never writes it. */
public record FileProfileStore(Path file) implements ProfileStore {

  @Override
  public String location() {
    return file.toString();
  }

  @Override
  public String read() {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      String why = e instanceof NoSuchFileException ? "no such file" : e.toString();
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          "site profile: cannot read %s: %s -- fix cluster.profile.file in the config"
              .formatted(file, why),
          e);
    }
  }
}
