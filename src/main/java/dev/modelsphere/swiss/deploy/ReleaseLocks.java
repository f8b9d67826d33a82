package dev.modelsphere.swiss.deploy;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock per release in this process. Install, apply, rollback and uninstall each hold their
 * release's lock; a second request for the same release is refused at once rather than queued,
 * because it was composed against a state the first one is about to change.
 */
public final class ReleaseLocks {

  private final ConcurrentMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

  /** Takes the release's lock, or refuses when another operation holds it. */
  public Held acquire(String namespace, String release) {
    String ref = namespace + "/" + release;
    ReentrantLock lock = locks.computeIfAbsent(ref, k -> new ReentrantLock());
    if (!lock.tryLock()) {
      throw new DeployException(
          DeployException.Reason.CONFLICT,
          "release "
              + ref
              + " is busy: another install, apply, rollback or uninstall of it is running here;"
              + " wait for it to finish and look again");
    }
    return new Held(lock);
  }

  /** A held release lock; closing releases it. */
  public static final class Held implements AutoCloseable {
    private final ReentrantLock lock;

    private Held(ReentrantLock lock) {
      this.lock = lock;
    }

    @Override
    public void close() {
      lock.unlock();
    }
  }
}
