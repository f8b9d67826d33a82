package dev.modelsphere.swiss.bench;

import java.util.Collection;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs the JMH benchmarks of one class, taking JMH's own command-line options (so {@code
 * bench/render.sh -wi 1 -i 2} shortens a run) over the class's annotations.
 */
final class Jmh {
  private Jmh() {}

  static Collection<RunResult> run(Class<?> benchmarks, String[] args)
      throws CommandLineOptionException, RunnerException {
    OptionsBuilder options = new OptionsBuilder();
    options.parent(new CommandLineOptions(args));
    // Anchored at the class and the dot after it, so that ComposeBench does not also run a
    // ComposeBenchOther; JMH matches include patterns anywhere in the benchmark's name.
    options.include("^" + Pattern.quote(benchmarks.getName()) + "\\.");
    return new Runner(options.build()).run();
  }

  /** The primary result's statistics of the benchmark method named {@code method}. */
  static Statistics statistics(Collection<RunResult> results, String method) {
    return results.stream()
        .filter(result -> result.getParams().getBenchmark().endsWith("." + method))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("JMH ran no benchmark named " + method))
        .getPrimaryResult()
        .getStatistics();
  }
}
