#!/usr/bin/env bash
# Composes and hashes every variant of the shared fixture catalog under JMH (one fork, the catalog
# already loaded): plans per second, the time per plan (mean, and the median against the target),
# and one compose after 300 ms idle (21 of them). About two minutes.
# Usage: bench/compose.sh [JMH options], e.g. -wi 20 for a longer warm-up on a loaded machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. bench/jmh.sh
jmh_build
exec java -cp "$classpath" dev.modelsphere.swiss.bench.ComposeBench "$@"
