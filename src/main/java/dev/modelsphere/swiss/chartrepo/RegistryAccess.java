package dev.modelsphere.swiss.chartrepo;

/**
 * How swiss talks to OCI registries. Registries are always reached over https; plain http exists so
 * tests can play a registry on a local server.
 */
public record RegistryAccess(String scheme) {

  public RegistryAccess {
    if (!scheme.equals("https") && !scheme.equals("http")) {
      throw new IllegalArgumentException("registry scheme must be https or http, not " + scheme);
    }
  }

  /** The real thing. */
  public static RegistryAccess https() {
    return new RegistryAccess("https");
  }

  /** For a registry played by a local test server. */
  public static RegistryAccess plainHttp() {
    return new RegistryAccess("http");
  }
}
