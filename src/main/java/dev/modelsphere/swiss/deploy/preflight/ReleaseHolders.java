package dev.modelsphere.swiss.deploy.preflight;

import java.util.List;

/**
 * Where a release name is already taken: listed live on each call (the CLI), or read from the
 * watches the server keeps ({@code deploy.view.FleetReleaseHolders}).
 */
@FunctionalInterface
public interface ReleaseHolders {

  /**
   * The namespaces in scope holding a release of this name in any form swiss or helm leaves (a plan
   * ConfigMap, helm release storage, an LLMService), sorted.
   *
   * @throws RuntimeException when the cluster cannot be read; preflight reports it as a problem
   */
  List<String> namespacesHolding(String release);
}
