package dev.modelsphere.swiss.helm;

import java.util.Comparator;

/** Identifies one Kubernetes object in a manifest: group/version, kind, namespace and name. */
public record ObjectKey(String apiVersion, String kind, String namespace, String name)
    implements Comparable<ObjectKey> {

  private static final Comparator<ObjectKey> ORDER =
      Comparator.comparing(ObjectKey::kind)
          .thenComparing(ObjectKey::namespace)
          .thenComparing(ObjectKey::name)
          .thenComparing(ObjectKey::apiVersion);

  @Override
  public int compareTo(ObjectKey other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    String where = namespace.isEmpty() ? name : namespace + "/" + name;
    return kind + " " + where + " (" + apiVersion + ")";
  }
}
