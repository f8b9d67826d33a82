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
    } catch (NoSuchFileException e) {
      // No profile yet is a site not set up, not a failure: the client offers setup.
      throw new SiteStateException(
          ErrorKind.NOT_FOUND,
          "site profile: cannot read %s: no such file -- this site is not set up: write its profile there (GET /api/profile/template is a start), or fix cluster.profile.file in the config"
              .formatted(file),
          e);
    } catch (IOException e) {
      throw new SiteStateException(
          ErrorKind.UPSTREAM_FAILED,
          "site profile: cannot read %s: %s -- fix cluster.profile.file in the config"
              .formatted(file, e),
          e);
    }
  }
}
