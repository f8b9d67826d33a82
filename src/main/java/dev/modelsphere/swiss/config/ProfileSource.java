package dev.modelsphere.swiss.config;

import dev.modelsphere.swiss.values.Nulls;

/**
 * Where the site profile is read from: a file, or a key of a ConfigMap (only swissd can read that
 * one). Exactly one of {@code file} and {@code configMap} is set in a valid config.
 *
 * @param configMap {@code namespace/name}
 * @param key the ConfigMap key holding the profile; {@value #DEFAULT_KEY} unless set
 */
public record ProfileSource(String file, String configMap, String key) {
  public static final String DEFAULT_KEY = "profile.yaml";

  public ProfileSource {
    file = Nulls.orEmpty(file);
    configMap = Nulls.orEmpty(configMap);
    key = Nulls.or(key, DEFAULT_KEY);
  }

  public static ProfileSource none() {
    return new ProfileSource("", "", "");
  }

  /** The profile's location as people read it: the file if set, else the ConfigMap. */
  public String ref() {
    return file.isEmpty() ? configMap : file;
  }
}
