package dev.modelsphere.swiss.plan;

/**
 * A Helm release by name and namespace: the one a plan deploys, the one a command names, the one a
 * plan ConfigMap records. The field order is the plan document's.
 */
public record ReleaseRef(String name, String namespace) {
  public ReleaseRef {
    name = name == null ? "" : name;
    namespace = namespace == null ? "" : namespace;
  }

  /** {@code namespace/name}, as kubectl and every swiss message write it. */
  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
