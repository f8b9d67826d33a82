package dev.modelsphere.swiss.site;

import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Strict YAML decoding of a profile, with errors that name the key. */
final class ProfileYaml {
  private ProfileYaml() {}

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new ProfileException(
          file
              + ": cannot read the site profile: "
              + (e instanceof NoSuchFileException ? "no such file" : e.toString()),
          e);
    }
  }

  static Profile decode(String yaml, String origin) {
    try {
      return Yaml.read(origin, yaml, Profile.class);
    } catch (ValuesException e) {
      throw new ProfileException(e.getMessage(), e);
    }
  }
}
