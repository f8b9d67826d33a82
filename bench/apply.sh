#!/usr/bin/env bash
# Starts `swiss serve` (the jar, allowDeploy, no login, a database in a temp dir) on the local
# cluster with the demo catalog and charts, and drives plan -> diff -> apply over HTTP: for one
# release many times, then for many releases at once (every plan, then every diff, then every
# apply, in rounds). In the same run it composes, diffs and applies a release of its own in
# process on the deploy package (HelmDeployer, no HTTP), and upgrades a third release with a
# `helm upgrade` subprocess of the same chart and values, interleaved with the HTTP cycles. Prints
# the median and p99 of each step and the targets beside them; it does not pass or fail. Each
# apply flips a pod label, so helm really upgrades; the releases run no pods (replicaCount 0) and
# hold none of the cluster's GPUs. Removes its namespaces (and with them its releases) and stops
# the server on exit, also on Ctrl-C.
#
# With BENCH_STORE=postgres it starts a PostgreSQL server of its own (Debian's binaries, a
# temp dir, loopback) and BENCH_REPLICAS servers on it, and the HTTP requests take the replicas in
# turn: a plan stored through one is diffed and applied through the next. The server CPU figures
# are then the first replica's.
#
# Usage: bench/apply.sh [iterations=50] [parallel releases=20]     (quick: bench/apply.sh 5 4)
# Env:   SWISS_TEST_CLUSTER  a running cluster's state dir (else hack/cluster/up is run here)
#        BENCH_STORE         sqlite (default) or postgres
#        BENCH_REPLICAS      servers on the one database (1; more needs BENCH_STORE=postgres)
#        BENCH_ROUNDS        parallel rounds (3); BENCH_WARMUP untimed cycles each way first (3)
#        BENCH_PLAN_WARMUP   untimed plans each way after them, for the JIT (1000)
#        BENCH_EVICT_MB      then 200 plans each way, each after walking this many MB to empty the
#                            caches (off; 64 is twice this machine's last-level cache)
#        BENCH_MODEL         the demo catalog's model (smollm3-3b)
#        BENCH_SKIP_BUILD=1  use target/swiss.jar and target/test-classes as they are
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
iterations="${1:-50}"
parallel="${2:-20}"
rounds="${BENCH_ROUNDS:-3}"
warmup="${BENCH_WARMUP:-3}"
model="${BENCH_MODEL:-smollm3-3b}"
store="${BENCH_STORE:-sqlite}"
replicas="${BENCH_REPLICAS:-1}"
if [[ "$store" != sqlite && "$store" != postgres ]]; then
  echo "apply.sh: BENCH_STORE is sqlite or postgres, not $store" >&2
  exit 2
fi
if ((replicas > 1)) && [[ "$store" != postgres ]]; then
  echo "apply.sh: $replicas replicas need a shared database: set BENCH_STORE=postgres" >&2
  exit 2
fi

bench_build
# The baseline an apply must beat: helm upgrade as a subprocess, at the version swiss embeds.
helm_bin="$(hack/helm-cli)"

bench_cluster
[[ -r "$kubeconfig" ]] || { echo "apply.sh: no $kubeconfig" >&2; exit 1; }
kc() { kubectl --kubeconfig "$kubeconfig" "$@"; }

await_earlier_runs apply.sh

run="$(date +%H%M%S)-$$"
ns_http="swiss-bench-apply-$run-http"
ns_local="swiss-bench-apply-$run-inproc"
ns_par="swiss-bench-apply-$run-par"
work="$(mktemp -d "${TMPDIR:-/tmp}/swiss-bench-apply.XXXXXX")"
server_pid=""
replica_pids=()
pg_data=""
tool_pid=""
created=""

# Runs a PostgreSQL binary, as the postgres user when this runs as root (it refuses root).
pg() {
  local bin
  bin="$(ls /usr/lib/postgresql/*/bin/"$1" | sort -V | tail -n 1)"
  shift
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$bin" "$@"
  else
    "$bin" "$@"
  fi
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n "$tool_pid" ]]; then
    kill -KILL "$tool_pid" 2>/dev/null || true
  fi
  stop_serve "$server_pid" apply.sh "$work/serve.log"
  for i in "${!replica_pids[@]}"; do
    stop_serve "${replica_pids[$i]}" apply.sh "$work/serve-$((i + 2)).log"
  done
  if [[ -n "$pg_data" ]]; then
    pg pg_ctl -D "$pg_data" stop -m fast -w >/dev/null 2>&1 || true
  fi
  # Only this run's namespaces, by their label; the releases, plans and leases go with them.
  if [[ -n "$created" ]]; then
    kc delete namespace -l "swiss-bench-run=$run" --wait=false >/dev/null 2>&1 ||
      echo "apply.sh: could not delete the namespaces of run $run" >&2
  fi
  [[ -f "$work/serve.log" ]] && cp "$work/serve.log" target/bench-apply-serve.log
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

created=1
for ns in "$ns_http" "$ns_local" "$ns_par"; do
  cat <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: $ns
  labels:
    swiss-bench-run: "$run"
---
EOF
done | kc create -f - >/dev/null

cat >"$work/site.yaml" <<EOF
name: bench
namespace: $ns_http
chartPath: $repo/examples/charts
model:
  pathTemplate: /mnt/disk0/models/{{org}}/{{name}}
nodes: {gpusPerNode: 8}
EOF
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
port="$(free_port)"
database="$work/swiss.db"
if [[ "$store" == postgres ]]; then
  hack/postgres >/dev/null
  pg_data="$work/pg/data"
  pg_port="$(free_port)"
  mkdir -p "$work/pg"
  export SWISS_DATABASE_PASSWORD="bench-$run"
  echo "$SWISS_DATABASE_PASSWORD" >"$work/pg/pwfile"
  [[ "$(id -u)" == 0 ]] && chown -R postgres: "$work/pg" && chmod 755 "$work"
  pg initdb -D "$pg_data" -U postgres --pwfile "$work/pg/pwfile" --auth-host=scram-sha-256 \
    --auth-local=trust >/dev/null
  pg pg_ctl -D "$pg_data" -l "$work/pg/server.log" -w \
    -o "-p $pg_port -c listen_addresses=127.0.0.1 -k $work/pg" start >/dev/null
  pg psql -h "$work/pg" -p "$pg_port" -U postgres -q -c 'CREATE DATABASE swiss' >/dev/null
  database="postgres://postgres@127.0.0.1:$pg_port/swiss"
fi
# The in-process release's namespace is not the server's: nothing of the server sees its applies.
cat >"$work/swiss.yaml" <<EOF
catalog: $repo/examples/catalog
cluster:
  profile:
    file: $work/site.yaml
  namespaces: ["$ns_http", "$ns_par"]
  kubeconfig: $kubeconfig
server:
  addr: 127.0.0.1:$port
  allowDeploy: true
  database: $database
  auth:
    disabled: true
EOF

base="http://127.0.0.1:$port"
./swiss serve --config "$work/swiss.yaml" --kubeconfig "$kubeconfig" \
  --addr "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server_pid=$!
await_ready "$base" "$server_pid" "$work/serve.log" apply.sh
bases="$base"
for ((r = 2; r <= replicas; r++)); do
  replica_port="$(free_port)"
  ./swiss serve --config "$work/swiss.yaml" --kubeconfig "$kubeconfig" \
    --addr "127.0.0.1:$replica_port" >"$work/serve-$r.log" 2>&1 &
  replica_pids+=($!)
  await_ready "http://127.0.0.1:$replica_port" "$!" "$work/serve-$r.log" apply.sh
  bases="$bases,http://127.0.0.1:$replica_port"
done

echo "swiss serve: pid $server_pid, $bases ($replicas on $store); model $model; run $run;" \
  "load average at the start $(cut -d' ' -f1 /proc/loadavg) ($(nproc) cores)"
# The Java half runs in the background and is waited for, so Ctrl-C reaches the trap at once
# rather than after the JVM's own shutdown. It keeps its full JIT: it is the in-process side being
# measured.
java -cp "$classpath" dev.modelsphere.swiss.bench.ApplyBench \
  "$kubeconfig" "$bases" "$repo/examples/catalog" "$work/site.yaml" "$model" "$run" \
  "$iterations" "$parallel" "$rounds" "$warmup" "$ns_http" "$ns_local" "$ns_par" "$server_pid" \
  "$helm_bin" &
tool_pid=$!
wait "$tool_pid"
tool_pid=""
echo "load average at the end: $(cut -d' ' -f1 /proc/loadavg)"
