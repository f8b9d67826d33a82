package dev.modelsphere.swiss.cli;

import picocli.CommandLine.Option;

/** The {@code --config} option, one definition for every command that reads the config file. */
public final class ConfigFileOption {
  @Option(
      names = "--config",
      description =
          "Config file (default: $SWISS_CONFIG, ./swiss.yaml, ~/.config/swiss/swiss.yaml).")
  String path;
}
