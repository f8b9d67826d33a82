package dev.modelsphere.swiss.deploy.llmservicebackend;

import static dev.modelsphere.swiss.error.ErrorKind.FAILED;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.values.Nulls;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waits for the operator to finish one written generation (backends.md §3.5 WaitApplied): {@code
 * status.observedGeneration} at least that generation and phase {@code Applied} or {@code Failed}.
 * It watches rather than polls, and keeps each phase it saw as a line of progress, so the run's
 * output tells what the operator did and a timeout tells where it stopped.
 */
public final class OperatorWait {
  private final KubernetesClient client;
  private final Duration deadline;

  public OperatorWait(KubernetesClient client, Duration deadline) {
    this.client = client;
    this.deadline = deadline;
  }

  /**
   * The object as the operator left it, terminal for the generation, and the states seen before.
   */
  record Finished(LlmService service, List<String> progress) {
    LlmServiceStatus status() {
      return service.getStatus();
    }

    Phase phase() {
      return status().phase();
    }

    int helmRevision() {
      return status().helmRevision();
    }

    /** {@code phase Applied, chart 0.8.1, helm revision 2}, and the operator's message if any. */
    String summary() {
      return OperatorWait.summary(service);
    }
  }

  /**
   * @throws DeployException {@code FAILED} when the deadline passes, the object goes, or it cannot
   *     be watched; the write stands in each case
   */
  Finished await(String namespace, String release, long generation) {
    String ref = namespace + "/" + release;
    Progress progress = new Progress();
    LlmService last;
    try {
      last =
          client
              .resources(LlmService.class)
              .inNamespace(namespace)
              .withName(release)
              .waitUntilCondition(
                  svc -> {
                    if (finished(svc, generation)) {
                      return true;
                    }
                    progress.saw(svc);
                    return false;
                  },
                  deadline.toMillis(),
                  TimeUnit.MILLISECONDS);
    } catch (KubernetesClientTimeoutException e) {
      throw new DeployException(
          FAILED,
          ("LLMService %s was written (generation %d) but its operator did not finish applying it"
                  + " within %s; last seen: %s. The write stands: look at the object's status and"
                  + " the operator's logs, then diff again")
              .formatted(ref, generation, deadline, progress.lastOr("no status")),
          e);
    } catch (KubernetesClientException e) {
      throw new DeployException(
          FAILED,
          ("LLMService %s was written (generation %d), but watching its operator failed: %s;"
                  + " look at the object's status before applying again")
              .formatted(ref, generation, e.getMessage()),
          e);
    }
    if (last == null) {
      throw new DeployException(
          FAILED,
          "LLMService %s was deleted while its operator applied generation %d; nothing runs now"
              .formatted(ref, generation));
    }
    return new Finished(last, progress.lines());
  }

  /** A deleted object ends the wait too, so it can be told apart from a timeout. */
  private static boolean finished(LlmService svc, long generation) {
    if (svc == null) {
      return true;
    }
    LlmServiceStatus status = svc.getStatus();
    return status != null
        && status.observedGeneration() != null
        && status.observedGeneration() >= generation
        && (status.phase() == Phase.Applied || status.phase() == Phase.Failed);
  }

  static String summary(LlmService svc) {
    LlmServiceStatus status = svc.getStatus();
    if (status == null) {
      return "no status yet";
    }
    String chart = status.chart() == null ? "" : Nulls.orEmpty(status.chart().version());
    String message = Nulls.orEmpty(status.message());
    return "phase %s, chart %s, helm revision %d%s"
        .formatted(
            status.phase() == null ? "unset" : status.phase(),
            chart.isEmpty() ? "unresolved" : chart,
            status.helmRevision(),
            message.isEmpty() ? "" : ": " + message);
  }

  /**
   * The distinct states seen before the terminal one, in order; the watch thread writes, the caller
   * reads after.
   */
  private static final class Progress {
    private final List<String> lines = new ArrayList<>();

    synchronized void saw(LlmService svc) {
      if (svc != null) {
        Long observed = svc.getStatus() == null ? null : svc.getStatus().observedGeneration();
        String line =
            "observed generation %s: %s"
                .formatted(observed == null ? "none" : observed, summary(svc));
        if (lines.isEmpty() || !lines.get(lines.size() - 1).equals(line)) {
          lines.add(line);
        }
      }
    }

    synchronized List<String> lines() {
      return List.copyOf(lines);
    }

    synchronized String lastOr(String none) {
      return lines.isEmpty() ? none : lines.get(lines.size() - 1);
    }
  }
}
