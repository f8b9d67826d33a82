package dev.modelsphere.swiss.helm;

import java.util.Optional;

/**
 * What the Go runtime of the in-process Helm library holds, for {@code /metrics}: the JVM cannot
 * see it (it is neither heap nor anything the JVM's native memory tracking counts), and a leak
 * there would show only as a resident set that grows.
 *
 * @param mappedBytes all memory the Go runtime has mapped from the operating system
 * @param heapBytes the part of it that is live Go heap objects
 * @param limitBytes its soft limit: {@code GOMEMLIMIT}, else the library's default (192 MiB)
 */
public record NativeMemory(long mappedBytes, long heapBytes, long limitBytes) {

  /** The figures now; empty while nothing has loaded the library (reading them would load it). */
  public static Optional<NativeMemory> ifLoaded() {
    if (!HelmLibrary.isLoaded()) {
      return Optional.empty();
    }
    return Optional.of(HelmLibrary.call(LibraryRequest.of("memory").build(), NativeMemory.class));
  }
}
