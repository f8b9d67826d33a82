package dev.modelsphere.swiss.config;

import dev.modelsphere.swiss.values.ValuesException;
import dev.modelsphere.swiss.values.Yaml;

/** Strict YAML decoding of the config document, with errors that name the key. */
final class ConfigYaml {

  /** The keys of the document; the file's path ({@code origin}) is not one of them. */
  record Document(String catalog, Cluster cluster, Server server, CanaryKeys canary) {}

  private ConfigYaml() {}

  static Document decode(String yaml, String origin) {
    try {
      return Yaml.read(origin, yaml, Document.class);
    } catch (ValuesException e) {
      throw new ConfigException(e.getMessage(), e);
    }
  }
}
