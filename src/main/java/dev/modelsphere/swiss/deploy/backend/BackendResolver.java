package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceForbiddenException;

/**
 * Reads which backend owns a release from the cluster on every call (backends.md §1.3 {@code
 * backendFor}); ownership is never configured.
 */
public final class BackendResolver {
  private final Kube kube;
  private final LlmServiceAccess access;
  private final LlmServiceClient services;

  /**
   * @param services may be null only with {@link LlmServiceAccess#withoutClient()}, which is never
   *     visible
   */
  public BackendResolver(Kube kube, LlmServiceAccess access, LlmServiceClient services) {
    this.kube = kube;
    this.access = access;
    this.services = services;
  }

  /** A resolver for a process with no LLMService client: releases are helm's or nobody's. */
  public static BackendResolver helmOnly(Kube kube) {
    return new BackendResolver(kube, LlmServiceAccess.withoutClient(), null);
  }

  /**
   * The owner of {@code namespace/release}. A Forbidden LLMService read is noted in the access
   * cache and counts as "no LLMService"; any other read failure propagates.
   */
  public BackendChoice backendFor(String namespace, String release) {
    if (namespace == null || namespace.isBlank()) {
      throw new IllegalArgumentException("no namespace for release \"" + release + "\"");
    }
    boolean visible = access.current().visible() && services != null;
    boolean hasService = visible && hasService(namespace, release);
    boolean hasConfigMap =
        kube.configMap(namespace, PlanConfigMapName.of(release).toString())
            .map(d -> !d.isEmpty())
            .orElse(false);
    return BackendChoice.of(visible, hasService, hasConfigMap);
  }

  private boolean hasService(String namespace, String release) {
    try {
      return services.get(namespace, release).isPresent();
    } catch (LlmServiceForbiddenException e) {
      access.noteForbidden();
      return false;
    }
  }
}
