package dev.modelsphere.swiss.deploy.backend;

import java.util.Map;

/**
 * The labels a namespace swiss creates is given: the site policy's Pod Security labels, asked when
 * the namespace is created, so they follow the profile as it is then.
 */
@FunctionalInterface
public interface NamespaceLabels {
  /** No labels: a process that knows no site policy. */
  NamespaceLabels NONE = Map::of;

  Map<String, String> forNewNamespace();
}
