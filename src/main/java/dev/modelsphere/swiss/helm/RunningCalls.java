package dev.modelsphere.swiss.helm;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The Helm library's calls one owner (a server's releases) has running, each under a deadline, so
 * the owner can cancel them when it stops rather than leave them to run on in the library.
 */
final class RunningCalls {

  // Process-wide: the library knows calls by id alone, whoever made them.
  private static final AtomicLong IDS = new AtomicLong();

  private final Set<Long> running = ConcurrentHashMap.newKeySet();

  /** Runs {@code call} with the id and deadline it must send, as a running call of this owner. */
  <T> T run(Duration deadline, Function<LibraryCall, T> call) {
    long id = IDS.incrementAndGet();
    running.add(id);
    try {
      return call.apply(new LibraryCall(id, deadline.toMillis()));
    } finally {
      running.remove(id);
    }
  }

  /** Cancels every call running now; each answers at once that it was cancelled. */
  void cancelAll() {
    running.forEach(HelmLibrary::cancel);
  }

  /** The id and deadline one call sends. */
  record LibraryCall(long id, long deadlineMillis) {

    LibraryRequest bound(LibraryRequest request) {
      return request.bounded(id, deadlineMillis);
    }
  }
}
