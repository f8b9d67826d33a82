package dev.modelsphere.swiss.deploy.policy;

import java.nio.file.Path;
import java.util.List;

/**
 * The node directories pods may mount: a hostPath is allowed when, with its {@code ..} resolved, it
 * is one of them or lies under one. The root directory is never one of them, since it would allow
 * every path.
 */
final class HostPaths {
  private final List<Path> roots;

  HostPaths(List<String> roots) {
    this.roots =
        roots.stream()
            .filter(root -> root.startsWith("/"))
            .map(root -> Path.of(root).normalize())
            .filter(root -> root.getNameCount() > 0)
            .distinct()
            .toList();
  }

  boolean allows(String path) {
    if (!path.startsWith("/")) {
      return false;
    }
    Path wanted = Path.of(path).normalize();
    return roots.stream().anyMatch(wanted::startsWith);
  }

  /** The directories, for a message. */
  String describe() {
    return roots.isEmpty()
        ? "none"
        : String.join(", ", roots.stream().map(Path::toString).toList());
  }
}
