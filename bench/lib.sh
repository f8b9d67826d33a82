# Shared by the benchmark scripts; sourced, not run.

# Stops the swiss serve at pid $1 as a pod is stopped: SIGTERM, up to 10 s to drain, then SIGKILL,
# and says which it took. $2 names the script in messages; $3 is the server's log, which says
# whether its shutdown hook ran.
stop_serve() {
  local pid=$1 script=$2 log=$3
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  local waited=0
  while kill -0 "$pid" 2>/dev/null && ((waited < 100)); do sleep 0.1; waited=$((waited + 1)); done
  if kill -0 "$pid" 2>/dev/null; then
    local heard="it logged that it was stopping"
    grep -q '^swiss serve: stopping' "$log" 2>/dev/null || heard="its shutdown hook never ran"
    echo "$script: swiss serve did not stop within 10 s of SIGTERM ($heard); killed" >&2
    # The launcher's JVM is its child on the run that writes the class-data archive.
    pkill -KILL -P "$pid" 2>/dev/null || true
    kill -KILL "$pid" 2>/dev/null || true
  else
    echo "swiss serve: stopped $((waited / 10)).$((waited % 10)) s after SIGTERM" >&2
  fi
}

# Builds the jar (unless BENCH_SKIP_BUILD=1) and the test classpath; sets `classpath`.
bench_build() {
  if [[ "${BENCH_SKIP_BUILD:-}" != 1 ]]; then
    mvn -q -B -ntp -DskipTests package
  fi
  if [[ ! -f target/bench.classpath || pom.xml -nt target/bench.classpath ]]; then
    mvn -q -B -ntp dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
  fi
  classpath="target/test-classes:target/classes:$(cat target/bench.classpath)"
}

# Uses the cluster SWISS_TEST_CLUSTER names, else starts the local one; sets `kubeconfig`.
bench_cluster() {
  if [[ -z "${SWISS_TEST_CLUSTER:-}" ]]; then
    hack/cluster/up >&2
    set -a; . target/cluster/env; set +a
  fi
  kubeconfig="$SWISS_TEST_CLUSTER/admin.kubeconfig"
}

# Waits (up to 2 minutes) until no earlier benchmark run's namespaces are still being deleted: the
# namespace controller deleting a thousand objects loads the API server and both cores for a while.
# $1 names the script in messages. Needs $kubeconfig (bench_cluster sets it).
await_earlier_runs() {
  local script=$1 terminating waited=""
  for _ in $(seq 120); do
    terminating="$(kubectl --kubeconfig "$kubeconfig" get namespace -l swiss-bench-run \
      -o jsonpath='{range .items[?(@.status.phase=="Terminating")]}{.metadata.name}{" "}{end}')"
    [[ -z "$terminating" ]] && return 0
    # shellcheck disable=SC2086 # one word per namespace
    set -- $terminating
    [[ -n "$waited" ]] || echo "$script: waiting for $# namespaces of earlier runs to go ($1 ...)" >&2
    waited=1
    sleep 1
  done
}

# Waits until the swiss serve at pid $2 answers /readyz at base URL $1 with 200; fails the script
# (named $4) showing the end of the server's log $3 if it exits first or is not ready in 120 s.
await_ready() {
  local base=$1 pid=$2 log=$3 script=$4
  local started=$SECONDS
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$base/readyz" || true)" == 200 ]]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$script: swiss serve exited before it was ready:" >&2
      tail -n 30 "$log" >&2
      exit 1
    fi
    if ((SECONDS - started > 120)); then
      echo "$script: /readyz not 200 within 120 s:" >&2
      tail -n 30 "$log" >&2
      exit 1
    fi
    sleep 0.1
  done
}
