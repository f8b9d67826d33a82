package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.StartupProgress;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far a release's rollout has got, read off its status: what a caller that waits for the model
 * to serve follows. Only what cannot resolve by waiting is a failure: a pod no node can take, a
 * container that keeps crashing. Everything else (pulling, loading the weights) is progress.
 *
 * @param summary one line for a person: how many pods are ready and what the others are doing
 */
public record Rollout(Phase phase, String summary) {

  /** Where the rollout is. */
  public enum Phase {
    PROGRESSING,
    READY,
    FAILED
  }

  /** The scheduler's verdict on a pod it found no node for ("0/4 nodes are available: ..."). */
  private static final Pattern UNSCHEDULABLE = Pattern.compile("\\d+/\\d+ nodes are available");

  /** The resources the scheduler found too little of: "Insufficient nvidia.com/gpu". */
  private static final Pattern INSUFFICIENT = Pattern.compile("Insufficient ([\\w./-]*\\w)");

  public static Rollout of(StatusReport status) {
    for (PodView pod : status.pods()) {
      String why = pod.message();
      if (UNSCHEDULABLE.matcher(why).find()) {
        return new Rollout(Phase.FAILED, unschedulable(pod.name(), why));
      }
      if (why.contains("CrashLoopBackOff")) {
        return new Rollout(
            Phase.FAILED,
            "pod %s keeps crashing (%d restarts): %s".formatted(pod.name(), pod.restarts(), why));
      }
    }
    if (status.total() > 0 && status.ready() == status.total()) {
      return new Rollout(Phase.READY, "%d/%d pods ready".formatted(status.ready(), status.total()));
    }
    return new Rollout(Phase.PROGRESSING, progress(status));
  }

  private static String unschedulable(String pod, String why) {
    Set<String> scarce = new LinkedHashSet<>();
    Matcher insufficient = INSUFFICIENT.matcher(why);
    while (insufficient.find()) {
      scarce.add(insufficient.group(1));
    }
    String resources =
        scarce.isEmpty() ? "" : " (not enough %s on any node)".formatted(String.join(", ", scarce));
    return "pod %s cannot be scheduled%s: %s".formatted(pod, resources, why);
  }

  /** "ready 0/2; qwen-0: Running, loading 40s of 600s; qwen-1: Pending" */
  private static String progress(StatusReport status) {
    if (status.total() == 0) {
      return "waiting for pods";
    }
    StringBuilder line = new StringBuilder("ready %d/%d".formatted(status.ready(), status.total()));
    for (PodView pod : status.pods()) {
      if (pod.ready()) {
        continue;
      }
      line.append("; ").append(pod.name()).append(": ").append(orUnknown(pod.phase()));
      StartupProgress startup = pod.startup();
      if (startup != null) {
        line.append(
            ", %s %ds of %ds"
                .formatted(
                    startup.state().wireName(), startup.elapsedSeconds(), startup.budgetSeconds()));
      } else if (!pod.message().isEmpty()) {
        line.append(", ").append(pod.message());
      }
    }
    return line.toString();
  }

  private static String orUnknown(String phase) {
    return phase.isEmpty() ? "unknown" : phase;
  }
}
