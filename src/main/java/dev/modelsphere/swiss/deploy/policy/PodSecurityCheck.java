package dev.modelsphere.swiss.deploy.policy;

import dev.modelsphere.swiss.site.PodSecurity;
import dev.modelsphere.swiss.site.PolicyAllow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One pod spec against the site's Pod Security level, less the exceptions the site allows, and its
 * image registries. The checks are those of the Pod Security Standards that matter for a serving
 * pod: host namespaces, privileged containers and escalation, capabilities, hostPath and other
 * volume kinds, host ports, running as root, and the seccomp profile.
 *
 * <p>One exception goes beyond the standards: {@code runAsUser: 0} is refused at both levels unless
 * the site allows root, because asking for root by number is never an accident.
 */
final class PodSecurityCheck {
  /** What {@code baseline} lets a container add (the container runtime's default set). */
  static final Set<String> BASELINE_CAPABILITIES =
      Set.of(
          "AUDIT_WRITE",
          "CHOWN",
          "DAC_OVERRIDE",
          "FOWNER",
          "FSETID",
          "KILL",
          "MKNOD",
          "NET_BIND_SERVICE",
          "SETFCAP",
          "SETGID",
          "SETPCAP",
          "SETUID",
          "SYS_CHROOT");

  static final Set<String> RESTRICTED_CAPABILITIES = Set.of("NET_BIND_SERVICE");

  /** The volume kinds {@code restricted} allows; {@code baseline} allows all but hostPath. */
  private static final Set<String> RESTRICTED_VOLUMES =
      Set.of(
          "configMap",
          "csi",
          "downwardAPI",
          "emptyDir",
          "ephemeral",
          "persistentVolumeClaim",
          "projected",
          "secret");

  private static final List<String> CONTAINER_LISTS =
      List.of("initContainers", "containers", "ephemeralContainers");

  private final PodSecurity level;
  private final PolicyAllow allow;
  private final HostPaths hostPaths;
  private final ImageRegistries registries;

  PodSecurityCheck(
      PodSecurity level, PolicyAllow allow, HostPaths hostPaths, ImageRegistries registries) {
    this.level = level;
    this.allow = allow;
    this.hostPaths = hostPaths;
    this.registries = registries;
  }

  List<Finding> check(PodSpecs.Found pod) {
    Refusals refusals = new Refusals(pod, level);
    Map<?, ?> spec = pod.spec();
    hostNamespace(refusals, spec, "hostNetwork", allow.hostNetwork(), "share the node's network");
    hostNamespace(refusals, spec, "hostPID", allow.hostPID(), "see the node's processes");
    hostNamespace(refusals, spec, "hostIPC", allow.hostIPC(), "share the node's IPC");
    Map<?, ?> podContext = map(spec.get("securityContext"));
    root(refusals, "securityContext", podContext);
    unconfined(refusals, "securityContext", podContext);
    volumes(refusals, spec);
    for (String list : CONTAINER_LISTS) {
      List<?> containers = spec.get(list) instanceof List<?> l ? l : List.of();
      for (Object item : containers) {
        Map<?, ?> container = map(item);
        container(refusals, "%s[%s]".formatted(list, container.get("name")), container, podContext);
      }
    }
    return refusals.findings();
  }

  private void hostNamespace(
      Refusals refusals, Map<?, ?> spec, String key, boolean allowed, String what) {
    if (Boolean.TRUE.equals(spec.get(key)) && !allowed) {
      refusals.add(
          key, true, "pods may not " + what, "policy.allow.%s: true".formatted(key), false);
    }
  }

  private void volumes(Refusals refusals, Map<?, ?> spec) {
    List<?> volumes = spec.get("volumes") instanceof List<?> l ? l : List.of();
    for (Object item : volumes) {
      Map<?, ?> volume = map(item);
      String at = "volumes[%s]".formatted(volume.get("name"));
      if (volume.get("hostPath") instanceof Map<?, ?> hostPath) {
        String path = String.valueOf(hostPath.get("path"));
        if (!allow.hostPath() && !hostPaths.allows(path)) {
          refusals.add(
              at + ".hostPath.path",
              path,
              "pods may mount only these node directories: " + hostPaths.describe(),
              "policy.allow.hostPaths: [%s], or policy.allow.hostPath: true".formatted(path),
              false);
        }
        continue;
      }
      if (level == PodSecurity.RESTRICTED) {
        volume.keySet().stream()
            .map(String::valueOf)
            .filter(kind -> !kind.equals("name") && !RESTRICTED_VOLUMES.contains(kind))
            .filter(kind -> !allow.volumeTypes().contains(kind))
            .forEach(
                kind ->
                    refusals.add(
                        at + "." + kind,
                        volume.get(kind),
                        "a %s volume is not one the level allows".formatted(kind),
                        "policy.allow.volumeTypes: [%s]".formatted(kind),
                        true));
      }
    }
  }

  private void container(Refusals refusals, String at, Map<?, ?> c, Map<?, ?> podContext) {
    String image = String.valueOf(c.get("image"));
    if (!registries.allows(image)) {
      refusals.add(
          at + ".image",
          image,
          "images must come from " + String.join(" or ", registries.entries()),
          "policy.registries listing the image's registry",
          false);
    }
    Map<?, ?> context = map(c.get("securityContext"));
    String ctx = at + ".securityContext";
    if (Boolean.TRUE.equals(context.get("privileged")) && !allow.privileged()) {
      refusals.add(
          ctx + ".privileged",
          true,
          "containers may not run privileged",
          "policy.allow.privileged: true",
          false);
    }
    capabilities(refusals, ctx, map(context.get("capabilities")));
    hostPorts(refusals, at, c);
    root(refusals, ctx, context);
    unconfined(refusals, ctx, context);
    if (level == PodSecurity.RESTRICTED) {
      restricted(refusals, ctx, context, podContext);
    }
  }

  private void capabilities(Refusals refusals, String ctx, Map<?, ?> capabilities) {
    Set<String> levels =
        level == PodSecurity.RESTRICTED ? RESTRICTED_CAPABILITIES : BASELINE_CAPABILITIES;
    List<?> added = capabilities.get("add") instanceof List<?> l ? l : List.of();
    for (Object cap : added) {
      String name = capability(cap);
      if (!levels.contains(name)
          && allow.capabilities().stream().noneMatch(a -> capability(a).equals(name))) {
        refusals.add(
            ctx + ".capabilities.add",
            cap,
            "containers may not add the capability " + name,
            "policy.allow.capabilities: [%s]".formatted(name),
            false);
      }
    }
  }

  private void hostPorts(Refusals refusals, String at, Map<?, ?> c) {
    List<?> ports = c.get("ports") instanceof List<?> l ? l : List.of();
    for (Object port : ports) {
      Object hostPort = map(port).get("hostPort");
      if (hostPort instanceof Number n && n.intValue() != 0 && !allow.hostPorts()) {
        refusals.add(
            at + ".ports.hostPort",
            n,
            "containers may not bind node ports",
            "policy.allow.hostPorts: true",
            false);
      }
    }
  }

  private void root(Refusals refusals, String ctx, Map<?, ?> context) {
    if (context.get("runAsUser") instanceof Number uid
        && uid.longValue() == 0
        && !allow.runAsRoot()) {
      refusals.add(
          ctx + ".runAsUser",
          uid,
          "containers may not run as root",
          "policy.allow.runAsRoot: true",
          false);
    }
  }

  private void unconfined(Refusals refusals, String ctx, Map<?, ?> context) {
    Object type = map(context.get("seccompProfile")).get("type");
    if ("Unconfined".equals(type)) {
      refusals.add(
          ctx + ".seccompProfile.type",
          type,
          "the seccomp profile must be RuntimeDefault or Localhost",
          "",
          false);
    }
  }

  /** What {@code restricted} adds: no escalation, drop ALL, run as non-root, a seccomp profile. */
  private void restricted(Refusals refusals, String ctx, Map<?, ?> context, Map<?, ?> pod) {
    if (!Boolean.FALSE.equals(context.get("allowPrivilegeEscalation")) && !allow.privileged()) {
      refusals.add(
          ctx + ".allowPrivilegeEscalation",
          context.get("allowPrivilegeEscalation"),
          "containers must set allowPrivilegeEscalation: false",
          "policy.allow.privileged: true",
          true);
    }
    List<?> dropped =
        map(context.get("capabilities")).get("drop") instanceof List<?> l ? l : List.of();
    if (dropped.stream().noneMatch(cap -> capability(cap).equals("ALL"))) {
      refusals.add(
          ctx + ".capabilities.drop", dropped, "containers must drop ALL capabilities", "", true);
    }
    Object nonRoot = containerOrPod(context.get("runAsNonRoot"), pod.get("runAsNonRoot"));
    if (!Boolean.TRUE.equals(nonRoot) && !allow.runAsRoot()) {
      refusals.add(
          ctx + ".runAsNonRoot",
          nonRoot,
          "containers (or their pod) must set runAsNonRoot: true",
          "policy.allow.runAsRoot: true",
          true);
    }
    Object seccomp =
        containerOrPod(
            map(context.get("seccompProfile")).get("type"),
            map(pod.get("seccompProfile")).get("type"));
    if (!"RuntimeDefault".equals(seccomp)
        && !"Localhost".equals(seccomp)
        && !"Unconfined".equals(seccomp)) {
      refusals.add(
          ctx + ".seccompProfile.type",
          seccomp,
          "containers (or their pod) must set a seccomp profile, RuntimeDefault or Localhost",
          "",
          true);
    }
  }

  /** A container's own setting wins over its pod's. */
  private static Object containerOrPod(Object container, Object pod) {
    return container != null ? container : pod;
  }

  private static String capability(Object cap) {
    String name = String.valueOf(cap).strip().toUpperCase(Locale.ROOT);
    return name.startsWith("CAP_") ? name.substring(4) : name;
  }

  private static Map<?, ?> map(Object node) {
    return node instanceof Map<?, ?> m ? m : Map.of();
  }

  /** The findings of one pod, each worded the same way. */
  private static final class Refusals {
    private final PodSpecs.Found pod;
    private final PodSecurity level;
    private final List<Finding> findings = new ArrayList<>();

    Refusals(PodSpecs.Found pod, PodSecurity level) {
      this.pod = pod;
      this.level = level;
    }

    /**
     * @param allowing the policy setting that would allow it
     * @param baselineAllows whether {@code podSecurity: baseline} would allow it too
     */
    void add(String field, Object value, String rule, String allowing, boolean baselineAllows) {
      String where = pod.field(field);
      findings.add(
          new Finding(
              where,
              "%s is %s: %s under the site's policy (Pod Security %s). Change the values that set it, or %s"
                  .formatted(
                      where,
                      Shown.value(value),
                      rule,
                      level.label(),
                      remedy(allowing, baselineAllows))));
    }

    private static String remedy(String allowing, boolean baselineAllows) {
      String lower = "policy.podSecurity: baseline";
      if (allowing.isEmpty()) {
        return baselineAllows
            ? "have the site lower its level (%s)".formatted(lower)
            : "note that no site setting allows it";
      }
      return "have the site allow it (%s%s)"
          .formatted(allowing, baselineAllows ? ", or " + lower : "");
    }

    List<Finding> findings() {
      return findings;
    }
  }
}
