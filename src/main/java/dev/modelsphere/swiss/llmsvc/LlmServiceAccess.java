package dev.modelsphere.swiss.llmsvc;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether swiss may use LLMServices right now (backends.md §1.4): the discovery answer, a discovery
 * error and a Forbidden noted on a read, each remembered for {@link #CRD_SERVED_TTL}. One per
 * process; thread-safe. While access is not visible every path behaves as if the CRD were absent,
 * so helm keeps working (spec/canary.md §7).
 */
public final class LlmServiceAccess {
  public static final Duration CRD_SERVED_TTL = Duration.ofSeconds(30);

  /** The {@code server.applyWith} value that sends new installs to LLMServices. */
  public static final String APPLY_WITH_LLMSVC = "llmsvc";

  public static final String APPLY_WITH_HELM = "helm";

  private static final Logger LOG = LoggerFactory.getLogger(LlmServiceAccess.class);

  /**
   * Asks the API server whether LLMServices are served; production uses {@link
   * LlmServiceClient#served()}.
   */
  @FunctionalInterface
  public interface Discovery {
    boolean served();
  }

  /**
   * One reading of the access state.
   *
   * @param served the discovery answer; still true while Forbidden is noted
   * @param forbidden a read of LLMServices was refused less than one TTL ago
   * @param discoveryError why the last discovery failed, or null
   */
  public record Access(boolean served, boolean forbidden, String discoveryError) {
    static final Access NO_CLIENT = new Access(false, false, null);

    /** Whether swiss may read and write LLMServices. */
    public boolean visible() {
      return served && discoveryError == null && !forbidden;
    }

    /** Where a new install goes: {@code llmsvc} only when asked for and visible, else helm. */
    public String newInstalls(String applyWith) {
      return appliesWithLlmsvc(applyWith) && visible() ? APPLY_WITH_LLMSVC : APPLY_WITH_HELM;
    }

    /** The warnings {@code GET /api/cluster} shows for this state. */
    public List<String> warnings(String applyWith) {
      List<String> warnings = new ArrayList<>();
      if (discoveryError != null) {
        warnings.add("LLMService discovery failed: " + discoveryError);
      }
      if (appliesWithLlmsvc(applyWith) && !served) {
        warnings.add(
            "server.applyWith is llmsvc but the LLMService CRD is not served; new installs use helm"
                + (discoveryError == null ? "" : ": " + discoveryError));
      }
      if (forbidden) {
        warnings.add(
            "LLMService CRD is served but swissd has no llmservices grant; set rbac.applyWith");
      }
      return List.copyOf(warnings);
    }
  }

  private final Discovery discovery;
  private final Clock clock;

  private Instant askedAt;
  private boolean served;
  private String discoveryError;
  private Instant forbiddenAt;

  /** Access decided by {@code discovery}, asked at most once per TTL as {@code clock} tells. */
  public LlmServiceAccess(Discovery discovery, Clock clock) {
    this.discovery = discovery;
    this.clock = clock;
  }

  public static LlmServiceAccess of(LlmServiceClient client, Clock clock) {
    return new LlmServiceAccess(client::served, clock);
  }

  /** No LLMService client configured: never served, and discovery is never asked. */
  public static LlmServiceAccess withoutClient() {
    return new LlmServiceAccess(null, Clock.systemUTC());
  }

  /** Any value other than {@code llmsvc} means helm. */
  public static boolean appliesWithLlmsvc(String applyWith) {
    return APPLY_WITH_LLMSVC.equals(applyWith);
  }

  /** The current state, asking discovery first when the last answer is a TTL old or missing. */
  public synchronized Access current() {
    if (discovery == null) {
      return Access.NO_CLIENT;
    }
    Instant now = clock.instant();
    if (askedAt == null || !now.isBefore(askedAt.plus(CRD_SERVED_TTL))) {
      ask(now);
    }
    boolean forbidden = forbiddenAt != null && now.isBefore(forbiddenAt.plus(CRD_SERVED_TTL));
    return new Access(served, forbidden, discoveryError);
  }

  /**
   * A read of LLMServices was refused: for one TTL access is not visible and no read is attempted.
   */
  public synchronized void noteForbidden() {
    forbiddenAt = clock.instant();
  }

  public List<String> warnings(String applyWith) {
    return current().warnings(applyWith);
  }

  public String newInstalls(String applyWith) {
    return current().newInstalls(applyWith);
  }

  // Called with the lock held, so concurrent requests share one discovery call per TTL.
  private void ask(Instant now) {
    askedAt = now;
    try {
      served = discovery.served();
      discoveryError = null;
      if (!served) {
        forbiddenAt = null;
      }
    } catch (RuntimeException e) {
      served = false;
      discoveryError = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      forbiddenAt = null;
      // Once per TTL at most: a failed answer is cached like any other.
      LOG.warn("LLMService discovery failed: {}", discoveryError, e);
    }
  }
}
