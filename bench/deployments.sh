#!/usr/bin/env bash
# Seeds managed releases (plan ConfigMaps and helm release Secrets, no pods) across namespaces of
# the local cluster, starts `swiss serve` (the jar) over them and prints: the time from process
# start to /readyz 200, /api/deployments page latency (median, p99), the API server requests made
# per page (the kube-apiserver's own apiserver_request_total) and the server's resident memory.
# Prints figures beside their targets; it does not pass or fail. Removes what it made (its
# namespaces, and the ClusterRoleBinding and FlowSchema that attribute swiss serve's requests) and
# stops the server on exit, also on Ctrl-C. The LLMService CRD is installed when missing and left.
#
# Usage: bench/deployments.sh [releases=1000] [page requests=400]
# Env:   SWISS_TEST_CLUSTER  a running cluster's state dir (else hack/cluster/up is run here)
#        BENCH_NAMESPACES    how many namespaces (10); BENCH_THREADS seeding threads (32)
#        BENCH_SKIP_BUILD=1  use target/swiss.jar and target/test-classes as they are
#        BENCH_CDS=0         start swiss serve without the class-data archive (hack/cds)
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
releases="${1:-1000}"
requests="${2:-400}"
namespace_count="${BENCH_NAMESPACES:-10}"
threads="${BENCH_THREADS:-32}"
per_page=25

bench_build
# The seeder and the page client are short-lived: C1 only, so their JIT does not take the CPU the
# API server and swiss serve need (2 cores here). swiss serve runs as ./swiss runs it.
tool_jvm="-XX:TieredStopAtLevel=1"

bench_cluster
# ./swiss starts from a class-data archive of this jar when there is one (hack/cds writes it, as an
# image build would); BENCH_CDS=0 measures the start without it.
if [[ "${BENCH_CDS:-1}" == 1 ]]; then
  [[ -f target/swiss.jsa && target/swiss.jsa -nt target/swiss.jar ]] || hack/cds >&2
  class_data="with the class-data archive"
else
  export SWISS_CDS=0
  class_data="without a class-data archive"
fi
[[ -r "$kubeconfig" ]] || { echo "deployments.sh: no $kubeconfig" >&2; exit 1; }

await_earlier_runs deployments.sh

run="$(date +%H%M%S)-$$"
namespaces=()
for ((i = 0; i < namespace_count; i++)); do
  namespaces+=("$(printf 'swiss-bench-%s-%02d' "$run" "$i")")
done
work="$(mktemp -d "${TMPDIR:-/tmp}/swiss-bench-deployments.XXXXXX")"
server_pid=""
tool_pid=""

# The Java half runs in the background and is waited for, so Ctrl-C reaches the trap at once
# rather than after the JVM's own shutdown.
tool() {
  java $tool_jvm -cp "$classpath" dev.modelsphere.swiss.bench.DeploymentsBench "$@" &
  tool_pid=$!
  wait "$tool_pid"
  tool_pid=""
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n "$tool_pid" ]]; then
    kill -KILL "$tool_pid" 2>/dev/null || true
  fi
  stop_serve "$server_pid" deployments.sh "$work/serve.log"
  # Only this run's objects, by the label put on them; the namespaces' contents go with them.
  kubectl --kubeconfig "$kubeconfig" delete namespace -l "swiss-bench-run=$run" \
    --wait=false >/dev/null 2>&1 || echo "deployments.sh: could not delete namespaces of run $run" >&2
  kubectl --kubeconfig "$kubeconfig" delete clusterrolebinding,flowschema -l "swiss-bench-run=$run" \
    >/dev/null 2>&1 || echo "deployments.sh: could not delete the binding and flow schema of run $run" >&2
  # The server's log outlives the run, for a figure that needs explaining.
  [[ -f "$work/serve.log" ]] && cp "$work/serve.log" target/bench-deployments-serve.log
  [[ -f "$work/readyz.log" ]] && cp "$work/readyz.log" target/bench-deployments-readyz.log
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

tool seed "$kubeconfig" "$run" "${namespaces[@]}" -- "$releases" "$threads"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
ns_yaml="$(printf '"%s", ' "${namespaces[@]}")"
cat >"$work/swiss.yaml" <<EOF
catalog: $repo/examples/catalog
cluster:
  profile:
    file: $repo/examples/site-demo.yaml
  namespaces: [${ns_yaml%, }]
  kubeconfig: $kubeconfig
server:
  addr: 127.0.0.1:$port
  allowDeploy: false
  auth:
    disabled: true
EOF

# Other clients share the API server (controllers, other test runs deleting namespaces), so its
# request counter alone cannot say which requests swiss serve made. swiss serve therefore acts, with
# the admin credentials, as its own user (impersonation; cluster-admin, so it may do what admin may)
# whose requests a flow schema of their own counts in apiserver_flowcontrol_dispatched_requests_total.
serve_user="swiss-bench-$run"
kubectl --kubeconfig "$kubeconfig" apply -f - >/dev/null <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: $serve_user, labels: {swiss-bench-run: "$run"}}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: $serve_user}]
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata: {name: $serve_user, labels: {swiss-bench-run: "$run"}}
spec:
  priorityLevelConfiguration: {name: workload-high}
  matchingPrecedence: 100
  rules:
    - subjects: [{kind: User, user: {name: $serve_user}}]
      resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["*"], clusterScope: true}]
      nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]
EOF

base="http://127.0.0.1:$port"
load_at_start="$(cut -d' ' -f1 /proc/loadavg)"
started=$(date +%s%N)
JAVA_TOOL_OPTIONS="-Dkubernetes.impersonate.username=$serve_user" \
  ./swiss serve --config "$work/swiss.yaml" --kubeconfig "$kubeconfig" \
  --addr "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server_pid=$!
ready=""
listening=""
last_code=""
while :; do
  code="$(curl -s -o "$work/readyz" -w '%{http_code}' --max-time 5 "$base/readyz" || true)"
  now=$(date +%s%N)
  [[ -n "$listening" || "$code" == 000 ]] || listening=$now
  [[ "$code" == "$last_code" ]] ||
    echo "$(((now - started) / 1000000)) ms $code $(head -c 300 "$work/readyz" 2>/dev/null)" >>"$work/readyz.log"
  last_code="$code"
  if [[ "$code" == 200 ]]; then
    ready=$now
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "deployments.sh: swiss serve exited before it was ready:" >&2
    tail -n 30 "$work/serve.log" >&2
    exit 1
  fi
  if (($(date +%s%N) - started > 120000000000)); then
    echo "deployments.sh: /readyz not 200 within 120 s (last: $code $(cat "$work/readyz" 2>/dev/null))" >&2
    tail -n 30 "$work/serve.log" >&2
    exit 1
  fi
  sleep 0.01
done
ready_ms=$(((ready - started) / 1000000))

# When the first page counts every seeded release: whether /readyz waited for the watches.
complete=""
page1="$(curl -s -w '\n%{http_code}' "$base/api/deployments?page=1&perPage=$per_page")"
if [[ "${page1##*$'\n'}" == 200 ]]; then
  for _ in $(seq 3000); do
    total="$(curl -s "$base/api/deployments?page=1&perPage=$per_page" | jq -r '.summary.total // empty' 2>/dev/null || true)"
    if [[ "$total" == "$releases" ]]; then
      complete=$(date +%s%N)
      break
    fi
    sleep 0.01
  done
fi

echo "swiss serve: pid $server_pid, $base, $releases releases in $namespace_count namespaces;" \
  "load average at its start $load_at_start (2 cores here: figures above ~2 mean other work shared the CPU)"
awk -v ms="$ready_ms" -v l="$(((listening - started) / 1000000))" \
  -v cds="$class_data" \
  'BEGIN { printf "ready: %.2f s from process start to /readyz 200 (target < 3 s); listening after %.2f s; %s\n", ms / 1000, l / 1000, cds }'
if [[ -n "$complete" ]]; then
  awk -v n="$releases" -v ms="$(((complete - started) / 1000000))" \
    'BEGIN { printf "first page counting all %d releases: %.2f s from process start\n", n, ms / 1000 }'
elif [[ "${page1##*$'\n'}" == 200 ]]; then
  echo "first page: never counted all $releases releases within 30 s"
else
  echo "first page: /api/deployments answered ${page1##*$'\n'}; the figures below time that answer"
fi

tool pages "$kubeconfig" "$base" "$requests" "$per_page" "$releases" "$serve_user"

rss_kb="$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status")"
hwm_kb="$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")"
echo "load average at the end: $(cut -d' ' -f1 /proc/loadavg)"
printf 'server memory: VmRSS %d MiB after the run (target < 400 MB), peak VmHWM %d MiB\n' \
  $((rss_kb / 1024)) $((hwm_kb / 1024))
