#!/usr/bin/env bash
# Compares rendering one composed plan in process (swiss's Helm 4 library, as swiss does) with rendering it
# through a `helm template` subprocess of the same helm version, and prints medians and the ratio.
# Usage: bench/render.sh [runs]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
helm_bin="$(hack/helm-cli)"
mvn -q -B -ntp test-compile
mvn -q -B -ntp dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
classpath="target/test-classes:target/classes:$(cat target/bench.classpath)"
exec java -cp "$classpath" dev.modelsphere.swiss.bench.RenderBench "$helm_bin" "${1:-30}"
