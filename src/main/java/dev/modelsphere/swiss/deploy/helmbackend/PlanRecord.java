package dev.modelsphere.swiss.deploy.helmbackend;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.UPSTREAM_FAILED;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.ConfigMapVersion;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The {@code swiss-plan-<release>} ConfigMap as one versioned record. Every write names the
 * resourceVersion it read, so two writers can never both record: the second is refused and writes
 * nothing. While an apply runs the record also carries the revision the release was at when it
 * began, which is how an apply whose writer died is later told from one that landed.
 */
public final class PlanRecord {

  /**
   * The release's revision when the apply recorded in this ConfigMap began; only while applying.
   */
  public static final String APPLYING_OVER = SwissAnnotations.PREFIX + "applying-over-revision";

  private final Kube kube;

  public PlanRecord(Kube kube) {
    this.kube = kube;
  }

  /** The record beside the release; {@link Seen#exists()} is false when there is none. */
  public Seen read(String namespace, String release) {
    try {
      return new Seen(kube.versionedConfigMap(namespace, PlanConfigMapName.of(release).toString()));
    } catch (KubeException e) {
      throw new DeployException(
          UPSTREAM_FAILED, "release %s/%s: %s".formatted(namespace, release, e.getMessage()), e);
    }
  }

  /**
   * Replaces the record read as {@code seen} with {@code files}; {@code applyingOver} is the
   * release's revision when an apply is starting, empty when this write settles one.
   *
   * @return the record as written, for the next write
   * @throws DeployException {@code CONFLICT} when someone wrote the record since it was read
   */
  public Seen write(
      String namespace,
      String release,
      Seen seen,
      Map<String, String> files,
      OptionalInt applyingOver) {
    Map<String, String> annotations = new LinkedHashMap<>(seen.version().annotations());
    annotations.remove(APPLYING_OVER);
    applyingOver.ifPresent(r -> annotations.put(APPLYING_OVER, Integer.toString(r)));
    String name = PlanConfigMapName.of(release).toString();
    try {
      String version = kube.swapConfigMap(namespace, name, seen.version(), files, annotations);
      return new Seen(new ConfigMapVersion(files, annotations, version));
    } catch (KubeException e) {
      if (e.conflict()) {
        throw new DeployException(
            CONFLICT,
            ("the plan record %s/%s was written by someone else since it was read (resourceVersion"
                    + " %s); this write was refused so that it cannot overwrite theirs: look at the"
                    + " release again")
                .formatted(
                    namespace, name, seen.exists() ? seen.version().resourceVersion() : "none"),
            e);
      }
      throw new DeployException(ErrorKind.FAILED, e.getMessage(), e);
    }
  }

  /** Whether a record's files say an apply is under way; false for none. */
  static boolean claimsApplying(Map<String, String> files) {
    return files != null
        && files.containsKey(PlanStatus.FILE)
        && PlanStatus.APPLYING.equals(PlanStatus.parse(files.get(PlanStatus.FILE)).phase());
  }

  /** The record as read, with the version a write must name. */
  public record Seen(ConfigMapVersion version) {

    boolean exists() {
      return version.exists();
    }

    Map<String, String> files() {
      return version.data();
    }

    PlanStatus status() {
      return PlanStatus.parse(files().get(PlanStatus.FILE));
    }

    boolean applying() {
      return claimsApplying(files());
    }

    /** The revision the recorded apply started from; empty when the record does not say. */
    OptionalInt applyingOver() {
      try {
        String over = version.annotations().get(APPLYING_OVER);
        return over == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(over));
      } catch (NumberFormatException e) {
        return OptionalInt.empty();
      }
    }

    /** These files with {@code status} as their status.yaml. */
    public Map<String, String> withStatus(PlanStatus status) {
      return PlanRecord.withStatus(files(), status);
    }
  }

  public static Map<String, String> withStatus(Map<String, String> files, PlanStatus status) {
    Map<String, String> out = new LinkedHashMap<>(files);
    out.put(PlanStatus.FILE, status.toYaml());
    return out;
  }
}
