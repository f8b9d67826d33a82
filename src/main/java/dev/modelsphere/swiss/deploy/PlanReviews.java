package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.catalog.ChartVersionListException;
import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.ReleaseDiffs;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanDocument;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The use cases that look before a write (reference server.md §4.2, §4.6): compose a plan and keep
 * it by its hash for a later apply, and diff a plan, new or stored, against what runs. Each runs
 * preflight too, so what would stop an apply is shown before anyone tries one; neither changes the
 * cluster.
 */
public final class PlanReviews {
  private final PlanComposer composer;
  private final Preflight preflight;
  private final Optional<Store> store;
  private final Executor storeWrites;
  private final ReleaseDiffs differ;
  private final Backends backends;
  private final Clock clock;

  /**
   * @param store where proposed plans are kept for an apply to name by hash; without one a plan is
   *     still composed and checked, and a diff must be asked by its fields
   * @param storeWrites where a proposed plan is written while preflight checks it
   * @param backends where a revision's archived plan is read, from the backend that owns it
   */
  public PlanReviews(
      PlanComposer composer,
      Preflight preflight,
      Optional<Store> store,
      Executor storeWrites,
      ReleaseDiffs differ,
      Backends backends,
      Clock clock) {
    this.composer = composer;
    this.preflight = preflight;
    this.store = store;
    this.storeWrites = storeWrites;
    this.differ = differ;
    this.backends = backends;
    this.clock = clock;
  }

  /**
   * A composed plan, kept, and what the operator should know about it.
   *
   * @param document the plan and its JSON, as stored
   * @param warnings what composing it noticed (a forced GPU product)
   */
  public record Proposed(PlanDocument document, List<String> warnings, PreflightReport preflight) {
    public Plan plan() {
      return document.plan();
    }
  }

  /** A diff and the preflight of the plan it shows. */
  public record Reviewed(DiffResult diff, PreflightReport preflight) {}

  /** Composes the request's plan, and stores it by hash while preflight checks it. */
  public Proposed propose(PlanInput request) {
    PlanComposer.Composed composed = compose(request, true);
    PlanDocument document = PlanDocument.of(composed.plan());
    // The write and the rules need nothing of each other: the write (a round trip on PostgreSQL,
    // a sixth of the route's time on SQLite) runs while the rules read the watches, and the answer
    // waits for both, so the hash it gives is stored.
    CompletableFuture<Void> kept =
        store
            .map(s -> CompletableFuture.runAsync(() -> keep(s, document), storeWrites))
            .orElseGet(() -> CompletableFuture.completedFuture(null));
    PreflightReport report =
        preflight.check(
            PreflightGate.proposal(composed.plan(), composed.requires(), mode(composed.upgrade())));
    awaitKept(kept);
    return new Proposed(document, composed.warnings(), report);
  }

  /**
   * Diffs the stored plan the request names by {@code planHash}, else the plan its fields compose
   * (not stored), and runs preflight on it as the write it would be.
   */
  public Reviewed review(PlanInput request) {
    Plan plan =
        request.planHash().isEmpty()
            ? compose(request, false).plan()
            : storedToDiff(request.planHash());
    DiffResult diff = differ.diff(plan);
    PreflightReport report =
        preflight.check(
            PreflightGate.proposal(plan, composer.requiresOf(plan), mode(diff.exists())));
    return new Reviewed(diff, report);
  }

  /** What rolling back to {@code revision} would change: its archived plan against what runs. */
  public DiffResult reviewRevision(String namespace, String release, int revision) {
    return differ.diff(
        backends.reads(namespace, release).revisionPlan(namespace, release, revision));
  }

  /**
   * The stored plan a write names by {@code hash}: a write acts on a plan composed and checked
   * before, never on fields composed in the same breath.
   */
  public Plan planToWrite(String hash) {
    Store plans = database(ErrorKind.UNAVAILABLE, "no database: apply needs a stored plan");
    if (hash.isEmpty()) {
      // The reference looks the empty hash up like any other and finds no plan.
      throw new DeployException(
          ErrorKind.NOT_FOUND, "no plan: send the planHash that POST /api/plans answered");
    }
    return stored(plans, hash, ErrorKind.NOT_FOUND);
  }

  /** A diff may name a stored plan; one it cannot find is the request's mistake. */
  private Plan storedToDiff(String hash) {
    Store plans = database(ErrorKind.INVALID, "no database: pass a model instead of a planHash");
    return stored(plans, hash, ErrorKind.INVALID);
  }

  /** The store; without one, a refusal of {@code kind} saying {@code why}. */
  private Store database(ErrorKind kind, String why) {
    return store.orElseThrow(() -> new DeployException(kind, why));
  }

  private static Plan stored(Store plans, String hash, ErrorKind unknown) {
    // A store that fails throws its own kind: unavailable while the database is unreachable.
    return plans
        .plan(hash)
        .orElseThrow(() -> new DeployException(unknown, "no plan %s".formatted(hash)));
  }

  /** Waits for the write; its failure is thrown as {@link #keep} threw it. */
  private static void awaitKept(CompletableFuture<Void> kept) {
    try {
      kept.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException failed) {
        throw failed;
      }
      throw e;
    }
  }

  private void keep(Store plans, PlanDocument document) {
    try {
      plans.putPlan(document, clock.instant());
    } catch (StoreException e) {
      // Kept as the store's kind: unavailable while the database cannot be reached, so a client
      // retries.
      throw new DomainException(e.kind(), "plan not stored: %s".formatted(e.getMessage()), e);
    }
  }

  /**
   * The reference refuses a plan it cannot compose as the request's fault, whatever kept it from
   * composing (a catalog or a profile that cannot be read included): the operator changes the
   * request. A proposal keeps one exception: a chart repository that could not be listed is
   * upstream's, and asking again may work; a diff by fields refuses that too.
   */
  private PlanComposer.Composed compose(PlanInput request, boolean listingIsUpstream) {
    try {
      return composer.compose(request);
    } catch (DomainException e) {
      if (!outsideTheRequest(e.kind()) || (listingIsUpstream && isChartListing(e))) {
        throw e;
      }
      throw new DeployException(ErrorKind.INVALID, e.getMessage(), e);
    }
  }

  private static boolean outsideTheRequest(ErrorKind kind) {
    return kind == ErrorKind.UPSTREAM_FAILED || kind == ErrorKind.UNAVAILABLE;
  }

  private static boolean isChartListing(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ChartVersionListException) {
        return true;
      }
    }
    return false;
  }

  private static Mode mode(boolean upgrade) {
    return upgrade ? Mode.UPGRADE : Mode.INSTALL;
  }
}
