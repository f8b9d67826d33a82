package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.helm.NativeMemory;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.function.ToLongFunction;

/** Where a server's own metrics go; its parts register theirs (informer sizes, streams) here. */
final class ServerMeters {
  private ServerMeters() {}

  /** A registry that already measures both halves of the resident set. */
  static PrometheusMeterRegistry create() {
    PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registerMemory(meters);
    return meters;
  }

  /**
   * The JVM's memory pools, and what the in-process Helm library's Go runtime has mapped (0 until
   * the first Helm call loads it).
   */
  private static void registerMemory(PrometheusMeterRegistry meters) {
    new JvmMemoryMetrics().bindTo(meters);
    Map<String, ToLongFunction<NativeMemory>> parts =
        Map.of(
            "mapped", NativeMemory::mappedBytes,
            "heap", NativeMemory::heapBytes,
            "limit", NativeMemory::limitBytes);
    parts.forEach(
        (part, read) ->
            Gauge.builder(
                    "swiss.helm.native.memory",
                    () -> NativeMemory.ifLoaded().map(read::applyAsLong).orElse(0L))
                .description("memory of the in-process Helm library's Go runtime")
                .baseUnit("bytes")
                .tag("part", part)
                .register(meters));
  }
}
