package dev.modelsphere.swiss.deploy.writes;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock per release in this process. Install, apply, rollback and uninstall each hold their
 * release's lock; a second request for the same release is refused at once rather than queued,
 * because it was composed against a state the first one is about to change. Across processes the
 * release's {@link ReleaseLeases lease} does the same; this lock is taken first, so two writers in
 * one process never both ask the cluster.
 */
public final class ReleaseLocks {

  private final ConcurrentMap<String, Slot> slots = new ConcurrentHashMap<>();
  private final Writer writer;
  private final Clock clock;

  /** Locks of a process that calls itself {@code swiss}. */
  public ReleaseLocks() {
    this("swiss");
  }

  /**
   * @param kind what this process is, as other writers should read it: {@code swiss CLI}, {@code
   *     swiss serve}
   */
  public ReleaseLocks(String kind) {
    this.writer = Writer.thisProcess(kind);
    this.clock = Clock.systemUTC();
  }

  /** Who writes when this process holds a release, as refusals and leases name it. */
  public Writer writer() {
    return writer;
  }

  /** Takes the release's lock, or refuses when another operation holds it. */
  public Held acquire(String namespace, String release) {
    return acquire(namespace, release, "");
  }

  /**
   * Takes the release's lock for {@code action} ({@code install}, {@code apply}, {@code rollback},
   * {@code uninstall}), or refuses naming what holds it.
   */
  public Held acquire(String namespace, String release, String action) {
    String ref = namespace + "/" + release;
    Slot slot = slots.computeIfAbsent(ref, k -> new Slot());
    if (!slot.lock.tryLock()) {
      throw new DeployException(
          ErrorKind.CONFLICT,
          ("release %s is being %s by this process (%s) since %s; nothing was changed: wait for"
                  + " it to finish and look again")
              .formatted(ref, Writer.doing(slot.action), writer.identity(), slot.since));
    }
    slot.action = action;
    slot.since = Instant.now(clock).truncatedTo(ChronoUnit.SECONDS);
    return new Held(slot);
  }

  /** The lock of one release and what its holder is doing, for the refusal's message. */
  private static final class Slot {
    private final ReentrantLock lock = new ReentrantLock();
    private volatile String action = "";
    private volatile Instant since = Instant.EPOCH;
  }

  /** A held release lock; closing releases it. */
  public static final class Held implements AutoCloseable {
    private final Slot slot;

    private Held(Slot slot) {
      this.slot = slot;
    }

    @Override
    public void close() {
      slot.lock.unlock();
    }
  }
}
