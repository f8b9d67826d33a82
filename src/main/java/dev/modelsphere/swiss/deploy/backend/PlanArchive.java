package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanFiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Plan history: the plan that produced each earlier revision, kept as a Secret {@code
 * swiss.plan.v1.<release>.v<revision>} holding the plan ConfigMap's data as it was.
 */
public final class PlanArchive {

  public static final String PREFIX = "swiss.plan.v1.";

  private final Kube kube;
  private final int keep;

  /**
   * @param keep how many archived plans to keep per release (the newest ones)
   */
  public PlanArchive(Kube kube, int keep) {
    this.kube = kube;
    this.keep = keep;
  }

  public static String secretName(String release, int revision) {
    return PREFIX + release + ".v" + revision;
  }

  static Map<String, String> labels(String release, int revision) {
    return Map.of(
        "owner",
        "swiss",
        "name",
        release,
        "version",
        Integer.toString(revision),
        Kube.MANAGED_BY,
        Kube.SWISS);
  }

  private static Map<String, String> selector(String release) {
    return Map.of("owner", "swiss", "name", release);
  }

  /**
   * Stores {@code files} as the plan of {@code revision}, then prunes to the newest {@code keep}.
   */
  public void archive(String namespace, String release, int revision, Map<String, String> files) {
    if (revision <= 0 || files.isEmpty()) {
      return;
    }
    kube.putSecret(namespace, secretName(release, revision), files, labels(release, revision));
    List<Integer> newestFirst = revisions(namespace, release);
    for (int old : newestFirst.subList(Math.min(keep, newestFirst.size()), newestFirst.size())) {
      kube.deleteSecret(namespace, secretName(release, old));
    }
  }

  /** Archived revisions, newest first. Revisions are not contiguous: failed applies count too. */
  public List<Integer> revisions(String namespace, String release) {
    List<Integer> revisions = new ArrayList<>();
    String prefix = PREFIX + release + ".v";
    for (String name : kube.secretNames(namespace, selector(release))) {
      if (name.startsWith(prefix)) {
        try {
          revisions.add(Integer.parseInt(name.substring(prefix.length())));
        } catch (NumberFormatException ignored) {
          // Not one of ours: an archive name always ends in a revision number.
        }
      }
    }
    revisions.sort(Comparator.reverseOrder());
    return revisions;
  }

  /** The plan ConfigMap's data as it was at {@code revision}; empty when not archived. */
  public Map<String, String> files(String namespace, String release, int revision) {
    return kube.secret(namespace, secretName(release, revision)).orElse(Map.of());
  }

  /** The archived plan of {@code revision}, its hash verified. */
  public Plan read(String namespace, String release, int revision) {
    return planOf(files(namespace, release, revision), namespace, release, revision);
  }

  /** The plan among {@code files}, the archive of {@code revision}, its hash verified. */
  public static Plan planOf(
      Map<String, String> files, String namespace, String release, int revision) {
    if (files.isEmpty()) {
      throw new DeployException(
          ErrorKind.NOT_FOUND,
          "no archived plan for " + namespace + "/" + release + " revision " + revision);
    }
    try {
      Plan plan = PlanFiles.fromFiles(files);
      plan.verifyHash();
      return plan;
    } catch (PlanException e) {
      throw new DeployException(
          ErrorKind.NOT_FOUND, "revision " + revision + ": " + e.getMessage(), e);
    }
  }

  /** Deletes every archive of the release; returns the failures, one message each. */
  public List<String> deleteAll(String namespace, String release) {
    List<String> failures = new ArrayList<>();
    for (int revision : revisions(namespace, release)) {
      try {
        kube.deleteSecret(namespace, secretName(release, revision));
      } catch (RuntimeException e) {
        failures.add(e.getMessage());
      }
    }
    return failures;
  }
}
