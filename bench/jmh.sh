# Shared by the JMH benchmark scripts (compose.sh, render.sh); sourced, not run.

bench_sources=src/test/java/dev/modelsphere/swiss/bench
bench_classes=target/test-classes/dev/modelsphere/swiss/bench

# Compiles the test classes with JMH's annotation processor (the profile bench) and sets `classpath`.
jmh_build() {
  # The compiler skips up-to-date test classes without asking which processors made them, so classes
  # compiled by an ordinary build would have no JMH harness. Removing the compiled benchmarks makes
  # it recompile them with the processor.
  local list=target/test-classes/META-INF/BenchmarkList
  if [[ ! -f "$list" || ! -d "$bench_classes/jmh_generated" ]] \
    || [[ -n "$(find "$bench_sources" -newer "$list" -print -quit)" ]]; then
    rm -rf "$bench_classes"
  fi
  mvn -q -B -ntp -Pbench test-compile -Dweb.skip=true
  if [[ ! -f target/bench.classpath || pom.xml -nt target/bench.classpath ]]; then
    mvn -q -B -ntp dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
  fi
  classpath="target/test-classes:target/classes:$(cat target/bench.classpath)"
}
