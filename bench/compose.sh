#!/usr/bin/env bash
# Composes and hashes every variant of the shared fixture catalog over and over in one JVM
# (catalog already loaded) and prints plans per second and the median time per plan; then the
# median of one compose after 300 ms idle (21 of them, about 7 s).
# Usage: bench/compose.sh [rounds]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -q -B -ntp test-compile -Dweb.skip=true
mvn -q -B -ntp dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
classpath="target/test-classes:target/classes:$(cat target/bench.classpath)"
exec java -cp "$classpath" dev.modelsphere.swiss.bench.ComposeBench "${1:-200}"
