package dev.modelsphere.swiss.deploy.policy;

import dev.modelsphere.swiss.site.PodSecurity;
import dev.modelsphere.swiss.site.Policy;
import dev.modelsphere.swiss.site.PolicyAllow;
import java.util.Map;

/**
 * The Pod Security admission labels of a namespace swiss creates. {@code warn} and {@code audit}
 * name the site's level. {@code enforce} names the strictest standard level that still admits
 * everything the site allows, so the API server never refuses a pod swiss's own check let through:
 * the level itself when the site allows nothing beyond it, {@code privileged} as soon as it allows
 * a node directory (the model directory, by default), host namespaces, privileged containers or
 * host ports.
 */
final class PodSecurityLabels {
  private static final String PREFIX = "pod-security.kubernetes.io/";
  private static final String PRIVILEGED = "privileged";

  private PodSecurityLabels() {}

  static Map<String, String> of(Policy policy) {
    String level = policy.level().label();
    return Map.of(
        PREFIX + "enforce", enforced(policy),
        PREFIX + "warn", level,
        PREFIX + "audit", level);
  }

  private static String enforced(Policy policy) {
    PolicyAllow allow = policy.allow();
    boolean beyondBaseline =
        allow.hostNetwork()
            || allow.hostPID()
            || allow.hostIPC()
            || allow.privileged()
            || allow.hostPath()
            || allow.modelHostPath()
            || !allow.hostPaths().isEmpty()
            || allow.hostPorts()
            || !PodSecurityCheck.BASELINE_CAPABILITIES.containsAll(allow.capabilities());
    if (beyondBaseline) {
      return PRIVILEGED;
    }
    boolean beyondRestricted =
        allow.runAsRoot()
            || !allow.volumeTypes().isEmpty()
            || !PodSecurityCheck.RESTRICTED_CAPABILITIES.containsAll(allow.capabilities());
    return beyondRestricted ? PodSecurity.BASELINE.label() : policy.level().label();
  }
}
