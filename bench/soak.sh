#!/usr/bin/env bash
# The memory soak: starts `swiss serve` (the jar, allowDeploy, no login, a database in a temp dir)
# on the local cluster with the demo catalog and charts and its memory bounded as the chart bounds
# it, then runs mixed traffic against it (SoakBench: lists, status, plans and diffs without pause,
# an apply of one release every few seconds) and prints a sample of its memory every so often:
# the resident set, the JVM's heap and non-heap in use, and the Go runtime of the in-process Helm
# library. It ends with the counts, the errors, and the resident set's spread after the warm-up
# (the target: within 10 %). It measures; it does not pass or fail. Removes its namespace and
# stops the server on exit, also on Ctrl-C.
#
# Usage: bench/soak.sh [minutes=30] [seconds between samples=30] [seconds between applies=3]
# Env:   SWISS_TEST_CLUSTER  a running cluster's state dir (else hack/cluster/up is run here)
#        SOAK_WARMUP         minutes of warm-up before the resident set is judged (5)
#        SOAK_JAVA_OPTS      the server's JVM options (default: the launcher's, heap capped)
#        GOMEMLIMIT          the Helm library's soft limit (default: the library's, 192 MiB)
#        BENCH_MODEL         the demo catalog's model (smollm3-3b)
#        BENCH_SKIP_BUILD=1  use target/swiss.jar and target/test-classes as they are
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
minutes="${1:-30}"
every="${2:-30}"
apply_every="${3:-3}"
warmup="${SOAK_WARMUP:-5}"
model="${BENCH_MODEL:-smollm3-3b}"
# The chart's budget (issue 17): a 512 MiB container. The heap gets 256 MiB of it; metaspace,
# code cache, thread stacks and the Go runtime (soft limit 192 MiB, in practice far less) the rest.
java_opts="${SOAK_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx256m -XX:MaxMetaspaceSize=128m}"

bench_build
bench_cluster
kc() { kubectl --kubeconfig "$kubeconfig" "$@"; }

run="$(date +%H%M%S)-$$"
ns="swiss-bench-soak-$run"
work="$(mktemp -d "${TMPDIR:-/tmp}/swiss-bench-soak.XXXXXX")"
server_pid=""
tool_pid=""
created=""

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n "$tool_pid" ]]; then
    kill -KILL "$tool_pid" 2>/dev/null || true
  fi
  stop_serve "$server_pid" soak.sh "$work/serve.log"
  if [[ -n "$created" ]]; then
    kc delete namespace "$ns" --wait=false >/dev/null 2>&1 ||
      echo "soak.sh: could not delete namespace $ns" >&2
  fi
  [[ -f "$work/serve.log" ]] && cp "$work/serve.log" target/bench-soak-serve.log
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

created=1
kc create namespace "$ns" >/dev/null

cat >"$work/site.yaml" <<EOF2
name: soak
namespace: $ns
chartPath: $repo/examples/charts
model:
  pathTemplate: /mnt/disk0/models/{{org}}/{{name}}
nodes: {gpusPerNode: 8}
EOF2
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cat >"$work/swiss.yaml" <<EOF2
catalog: $repo/examples/catalog
cluster:
  profile:
    file: $work/site.yaml
  namespaces: ["$ns"]
  kubeconfig: $kubeconfig
server:
  addr: 127.0.0.1:$port
  allowDeploy: true
  database: $work/swiss.db
  auth:
    disabled: true
EOF2

base="http://127.0.0.1:$port"
# The launcher execs java, so the pid is the JVM's (and the Go runtime's: one process).
SWISS_JAVA_OPTS="$java_opts" ./swiss serve --config "$work/swiss.yaml" --kubeconfig "$kubeconfig" \
  --addr "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server_pid=$!
await_ready "$base" "$server_pid" "$work/serve.log" soak.sh

echo "swiss serve: pid $server_pid, $base; JVM options: $java_opts; GOMEMLIMIT ${GOMEMLIMIT:-unset};" \
  "$minutes min, a sample every $every s, an apply every $apply_every s, warm-up $warmup min;" \
  "load average at the start $(cut -d' ' -f1 /proc/loadavg) ($(nproc) cores)"
java -XX:TieredStopAtLevel=1 -cp "$classpath" dev.modelsphere.swiss.bench.SoakBench \
  "$base" "$server_pid" "$ns" soak "$model" "$minutes" "$every" "$apply_every" "$warmup" &
tool_pid=$!
wait "$tool_pid"
tool_pid=""
echo "load average at the end: $(cut -d' ' -f1 /proc/loadavg)"
