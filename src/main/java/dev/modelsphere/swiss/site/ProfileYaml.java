package dev.modelsphere.swiss.site;

import dev.modelsphere.swiss.values.DocumentFile;
import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.nio.file.Path;

/** Strict YAML decoding of a profile, with errors that name the key. */
final class ProfileYaml {
  private ProfileYaml() {}

  static String read(Path file) {
    return DocumentFile.read(
        file,
        (reason, e) -> new ProfileException(file + ": cannot read the site profile: " + reason, e));
  }

  static Profile decode(String yaml, String origin) {
    try {
      return Yaml.read(origin, yaml, Profile.class);
    } catch (ValuesException e) {
      throw new ProfileException(e.getMessage(), e);
    }
  }
}
