package dev.modelsphere.swiss.helm;

import java.util.Map;
import java.util.Objects;

/**
 * One revision of a helm release, as read from helm's own storage (a release Secret). A record
 * whose payload could not be decoded still exists: {@link #decodeError()} says why, and only the
 * name, namespace and (from the Secret's labels) revision are known.
 *
 * @param chartName chart metadata name, empty when unknown
 * @param lastDeployed RFC 3339 timestamp as helm wrote it, empty when unknown
 * @param manifest the rendered objects helm applied in this revision
 * @param config the values supplied to this revision (helm's {@code config})
 */
public record ReleaseRecord(
    String name,
    String namespace,
    int revision,
    String status,
    String chartName,
    String chartVersion,
    String lastDeployed,
    String manifest,
    Map<String, Object> config,
    String decodeError) {

  public ReleaseRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(namespace, "namespace");
    status = status == null ? "" : status;
    chartName = chartName == null ? "" : chartName;
    chartVersion = chartVersion == null ? "" : chartVersion;
    lastDeployed = lastDeployed == null ? "" : lastDeployed;
    manifest = manifest == null ? "" : manifest;
    config = config == null ? Map.of() : config;
    decodeError = decodeError == null ? "" : decodeError;
  }

  /** A release helm stored but whose payload swiss cannot read: present, details unknown. */
  public static ReleaseRecord undecodable(String name, String namespace, int revision, String why) {
    return new ReleaseRecord(name, namespace, revision, "", "", "", "", "", Map.of(), why);
  }

  public boolean readable() {
    return decodeError.isEmpty();
  }

  /** {@code <chart>-<version>} as helm prints it, empty when unknown. */
  public String chart() {
    return chartName.isEmpty() ? "" : chartName + "-" + chartVersion;
  }

  /** helm's pending-install, pending-upgrade and pending-rollback: another operation is running. */
  public boolean pending() {
    return status.startsWith("pending");
  }
}
