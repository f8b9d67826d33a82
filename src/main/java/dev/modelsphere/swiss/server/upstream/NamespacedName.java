package dev.modelsphere.swiss.server.upstream;

/** An object named as {@code namespace/name} in the site profile. */
record NamespacedName(String namespace, String name) {

  /**
   * @throws UpstreamException when {@code ref} is not exactly two non-empty parts
   */
  static NamespacedName parse(String ref) {
    String[] parts = ref.split("/", -1);
    if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
      throw new UpstreamException(
          "reference \"%s\" is not namespace/name -- write it as <namespace>/<name>"
              .formatted(ref));
    }
    return new NamespacedName(parts[0], parts[1]);
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
