package dev.modelsphere.swiss.deploy.policy;

import java.util.List;

/**
 * The registries images may come from. An entry is a registry host or a host and path prefix
 * ({@code ghcr.io/acme}); an image is from it when its name is the entry or lies under it, read as
 * the container runtime reads it: a name without a registry host is Docker Hub's ({@code
 * lmsysorg/sglang} is {@code docker.io/lmsysorg/sglang}).
 */
final class ImageRegistries {
  private static final String DOCKER_HUB = "docker.io";

  private final List<String> allowed;

  /**
   * @param allowed the entries; empty means any registry
   */
  ImageRegistries(List<String> allowed) {
    this.allowed = allowed.stream().map(ImageRegistries::trimmed).toList();
  }

  boolean any() {
    return allowed.isEmpty();
  }

  List<String> entries() {
    return allowed;
  }

  boolean allows(String image) {
    if (allowed.isEmpty()) {
      return true;
    }
    String name = name(image);
    String canonical = canonical(name);
    return allowed.stream().anyMatch(entry -> under(name, entry) || under(canonical, entry));
  }

  /** The repository without its tag or digest. */
  private static String name(String image) {
    String name = image.strip();
    int at = name.indexOf('@');
    if (at >= 0) {
      name = name.substring(0, at);
    }
    int colon = name.lastIndexOf(':');
    if (colon > name.lastIndexOf('/')) {
      name = name.substring(0, colon);
    }
    return name;
  }

  /** The name with its registry host, as the runtime pulls it. */
  private static String canonical(String name) {
    int slash = name.indexOf('/');
    String first = slash < 0 ? "" : name.substring(0, slash);
    if (first.contains(".") || first.contains(":") || first.equals("localhost")) {
      return name;
    }
    return DOCKER_HUB + "/" + (slash < 0 ? "library/" + name : name);
  }

  private static boolean under(String name, String entry) {
    return name.equals(entry) || name.startsWith(entry + "/");
  }

  private static String trimmed(String entry) {
    String e = entry.strip();
    while (e.endsWith("/")) {
      e = e.substring(0, e.length() - 1);
    }
    return e;
  }
}
