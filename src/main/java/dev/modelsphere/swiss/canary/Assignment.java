package dev.modelsphere.swiss.canary;

import dev.modelsphere.swiss.kube.KubeNames;

/**
 * Reads the assignment annotation, {@code [<namespace>/]<name>[:<arm>]}. What can be parsed is kept
 * even when the whole is malformed: the service stays referenced, unverified.
 */
final class Assignment {
  private Assignment() {}

  static CanaryParent parse(String value, String serviceNamespace) {
    String text = value == null ? "" : value.trim();
    if (text.isEmpty()) {
      return unverified(serviceNamespace, "", "", "the assignment annotation is empty");
    }
    String arm = "";
    int colon = text.indexOf(':');
    if (colon >= 0) {
      arm = text.substring(colon + 1);
      text = text.substring(0, colon);
    }
    String[] parts = text.split("/", -1);
    String namespace = parts.length > 1 ? parts[0] : serviceNamespace;
    String name = parts[parts.length - 1];
    String problem = problem(parts.length, namespace, name);
    if (problem != null) {
      return unverified(namespace, name, arm, problem + " in \"" + value + "\"");
    }
    return new CanaryParent("", "", namespace, name, "", arm, true, "");
  }

  private static String problem(int parts, String namespace, String name) {
    if (parts > 2) {
      return "more than one '/'";
    }
    if (!KubeNames.isLabel(namespace)) {
      return "namespace \"" + namespace + "\" is not a DNS-1123 label";
    }
    if (!KubeNames.isSubdomain(name)) {
      return "name \"" + name + "\" is not a DNS-1123 name";
    }
    return null;
  }

  private static CanaryParent unverified(String namespace, String name, String arm, String reason) {
    return new CanaryParent("", "", namespace, name, "", arm, false, reason);
  }
}
