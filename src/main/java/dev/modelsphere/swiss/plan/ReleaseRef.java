package dev.modelsphere.swiss.plan;

/** The Helm release a plan deploys. */
public record ReleaseRef(String name, String namespace) {
  public ReleaseRef {
    name = name == null ? "" : name;
    namespace = namespace == null ? "" : namespace;
  }
}
