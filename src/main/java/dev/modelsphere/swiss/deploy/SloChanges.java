package dev.modelsphere.swiss.deploy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.modelsphere.swiss.deploy.approval.ContentHash;
import dev.modelsphere.swiss.deploy.approval.GuardedAction;
import dev.modelsphere.swiss.deploy.approval.GuardedWrite;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.writes.DetachedRuns;
import dev.modelsphere.swiss.error.ErrorKind;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Writes of a release's SLO thresholds ({@code PUT} and {@code DELETE .../slo}): they change what
 * the scaler does to the release, so on a site that requires approval each spends an approval
 * ({@code slo-put} bound to the thresholds' {@link ContentHash}, {@code slo-delete}), and each is a
 * run of the audit log. The exchange with the SLO server is the caller's: it is handed in.
 */
public final class SloChanges {
  private static final ObjectMapper CANONICAL =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private final WriteApprovals approvals;
  private final DetachedRuns runs;

  public SloChanges(WriteApprovals approvals, DetachedRuns runs) {
    this.approvals = approvals;
    this.runs = runs;
  }

  /**
   * Stores {@code config} as the release's thresholds through {@code send}, which answers the SLO
   * server's reply and throws its refusal.
   */
  public <T> T put(
      String actor, String ns, String release, Map<String, Object> config, Supplier<T> send) {
    String text = canonical(config);
    GuardedWrite write =
        GuardedWrite.ofContent(GuardedAction.SLO_PUT.wire(), ns, release, ContentHash.of(text));
    return recorded(actor, write, text, send);
  }

  /** Resets the release's thresholds to the SLO server's defaults through {@code send}. */
  public <T> T delete(String actor, String ns, String release, Supplier<T> send) {
    GuardedWrite write = GuardedWrite.ofRelease(GuardedAction.SLO_DELETE.wire(), ns, release);
    return recorded(actor, write, "reset to the SLO server's defaults", send);
  }

  /**
   * The thresholds as their hash is taken: JSON with every object's keys in order, so the same
   * thresholds sent in another order are the same approved write.
   */
  public static String canonical(Map<String, Object> config) {
    try {
      return CANONICAL.writeValueAsString(config);
    } catch (JsonProcessingException e) {
      throw new DeployException(
          ErrorKind.INVALID, "the thresholds cannot be written as JSON: " + e.getMessage(), e);
    }
  }

  private <T> T recorded(String actor, GuardedWrite write, String output, Supplier<T> send) {
    String approver = approvals.spend(actor, write, () -> 0);
    DetachedRuns.Attempt attempt =
        new DetachedRuns.Attempt(
            actor,
            write.action(),
            write.namespace(),
            write.release(),
            write.contentHash(),
            "",
            approver);
    return runs.run(attempt, () -> new DetachedRuns.Done<>(send.get(), 0, output, true));
  }
}
