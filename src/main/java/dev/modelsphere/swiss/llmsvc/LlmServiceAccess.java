package dev.modelsphere.swiss.llmsvc;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
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

  /** One discovery answer: whether LLMServices are served, or why asking failed (else null). */
  private record Answer(boolean served, String error) {}

  /** The only key of the two caches: each holds a single value. */
  private static final Boolean ONE = Boolean.TRUE;

  private final Discovery discovery;

  /**
   * The discovery answer for one TTL. A loading cache, so concurrent callers share one discovery
   * call per TTL: the others wait for it rather than ask too.
   */
  private final LoadingCache<Boolean, Answer> answer;

  /** Present for one TTL after a read of LLMServices was refused. */
  private final Cache<Boolean, Boolean> forbidden;

  /** Access decided by {@code discovery}, asked at most once per TTL as {@code clock} tells. */
  public LlmServiceAccess(Discovery discovery, Clock clock) {
    this.discovery = discovery;
    Ticker ticker = ticker(clock);
    this.answer =
        Caffeine.newBuilder().expireAfterWrite(CRD_SERVED_TTL).ticker(ticker).build(key -> ask());
    this.forbidden = Caffeine.newBuilder().expireAfterWrite(CRD_SERVED_TTL).ticker(ticker).build();
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
  public Access current() {
    if (discovery == null) {
      return Access.NO_CLIENT;
    }
    // The answer first: a new one may clear a noted Forbidden.
    Answer now = answer.get(ONE);
    return new Access(now.served(), forbidden.getIfPresent(ONE) != null, now.error());
  }

  /**
   * A read of LLMServices was refused: for one TTL access is not visible and no read is attempted.
   */
  public void noteForbidden() {
    forbidden.put(ONE, ONE);
  }

  public List<String> warnings(String applyWith) {
    return current().warnings(applyWith);
  }

  public String newInstalls(String applyWith) {
    return current().newInstalls(applyWith);
  }

  /** Asks discovery; a failure is an answer too, kept for one TTL like any other. */
  private Answer ask() {
    try {
      boolean served = discovery.served();
      if (!served) {
        // Nothing to be forbidden from any more; when the API comes back, it starts visible.
        forbidden.invalidateAll();
      }
      return new Answer(served, null);
    } catch (RuntimeException e) {
      String error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      forbidden.invalidateAll();
      // Once per TTL at most, since the failed answer is cached.
      LOG.warn("LLMService discovery failed: {}", error, e);
      return new Answer(false, error);
    }
  }

  /**
   * {@code clock} as Caffeine reads time, in nanoseconds from when the access was made: the TTLs
   * run on the server's clock, so a test that moves its clock moves them too.
   */
  private static Ticker ticker(Clock clock) {
    Instant origin = clock.instant();
    return () -> Duration.between(origin, clock.instant()).toNanos();
  }
}
