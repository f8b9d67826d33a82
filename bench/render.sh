#!/usr/bin/env bash
# Compares rendering one composed plan in process (swiss's Helm 4 library, as swiss does) with a
# `helm template` subprocess of the same helm version, both under JMH in the same run, and prints
# JMH's table and the ratio of the medians. About a minute.
# Usage: bench/render.sh [JMH options], e.g. -i 10 for more measured iterations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
helm_bin="$(hack/helm-cli)"
. bench/jmh.sh
jmh_build
exec java -Dswiss.bench.helm="$helm_bin" -cp "$classpath" dev.modelsphere.swiss.bench.RenderBench "$@"
