#!/usr/bin/env bash
# Composes and diffs plans over HTTP against one `swiss serve` (the jar), first with 10 managed
# releases in its namespaces, then with 1,000 (990 seeded meanwhile, the server running on), and
# installs a few at each size. Prints the median plan and diff at each size, their ratio (target
# <= 1.25x: preflight reads the server's watches, so a plan must not grow with the fleet) and the
# LIST requests swiss serve sent the API server per plan, diff and install (target 0), counted by a
# flow schema of their own, and its other requests by kind. Prints figures beside their targets; it does not pass or fail. Removes
# its namespaces, ClusterRoleBinding and FlowSchemas and stops the server on exit, also on Ctrl-C.
#
# Usage: bench/plans.sh [requests per size=200] [installs per size=3]
# Env:   SWISS_TEST_CLUSTER  a running cluster's state dir (else hack/cluster/up is run here)
#        BENCH_MODEL         the demo catalog's model (smollm3-3b); BENCH_THREADS seeding threads (32)
#        BENCH_SKIP_BUILD=1  use target/swiss.jar and target/test-classes as they are
set -euo pipefail
# shellcheck source=bench/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
requests="${1:-200}"
installs="${2:-3}"
model="${BENCH_MODEL:-smollm3-3b}"
threads="${BENCH_THREADS:-32}"

bench_build
# Short-lived tools: C1 only, so their JIT leaves the CPU to the API server and swiss serve.
tool_jvm="-XX:TieredStopAtLevel=1"

bench_cluster
[[ -r "$kubeconfig" ]] || { echo "plans.sh: no $kubeconfig" >&2; exit 1; }
kc() { kubectl --kubeconfig "$kubeconfig" "$@"; }
await_earlier_runs plans.sh

run="$(date +%H%M%S)-$$"
small=() large=()
for ((i = 0; i < 10; i++)); do
  small+=("$(printf 'swiss-bench-%s-a%02d' "$run" "$i")")
  large+=("$(printf 'swiss-bench-%s-b%02d' "$run" "$i")")
done
work_ns="swiss-bench-$run-work"
work="$(mktemp -d "${TMPDIR:-/tmp}/swiss-bench-plans.XXXXXX")"
server_pid=""
tool_pid=""
created=""

tool() {
  java $tool_jvm -cp "$classpath" "$@" &
  tool_pid=$!
  wait "$tool_pid"
  tool_pid=""
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  [[ -z "$tool_pid" ]] || kill -KILL "$tool_pid" 2>/dev/null || true
  stop_serve "$server_pid" plans.sh "$work/serve.log"
  if [[ -n "$created" ]]; then
    kc delete namespace -l "swiss-bench-run=$run" --wait=false >/dev/null 2>&1 ||
      echo "plans.sh: could not delete the namespaces of run $run" >&2
    kc delete clusterrolebinding,flowschema -l "swiss-bench-run=$run" >/dev/null 2>&1 ||
      echo "plans.sh: could not delete the binding and flow schemas of run $run" >&2
  fi
  [[ -f "$work/serve.log" ]] && cp "$work/serve.log" target/bench-plans-serve.log
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

created=1
kc create namespace "$work_ns" >/dev/null
kc label namespace "$work_ns" "swiss-bench-run=$run" >/dev/null
tool dev.modelsphere.swiss.bench.DeploymentsBench seed "$kubeconfig" "$run" "${small[@]}" -- 10 "$threads"

# swiss serve, and helm inside it, act as a user of their own (impersonation, cluster-admin), so the
# API server's flow schemas can count their requests apart from every other client's: one schema per
# kind of request (LIST, the target; WATCH; GET; the writes; discovery, which has no resource), the
# lowest precedence number matching first. fabric8 impersonates by the system property, helm by the
# kubeconfig.
serve_user="swiss-bench-$run"
flow_schema() { # name precedence rule
  cat <<EOF
---
apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata: {name: $serve_user-$1, labels: {swiss-bench-run: "$run"}}
spec:
  priorityLevelConfiguration: {name: workload-high}
  matchingPrecedence: $2
  rules:
    - subjects: [{kind: User, user: {name: $serve_user}}]
      $3
EOF
}
resources() { # verbs
  echo "resourceRules: [{verbs: [$1], apiGroups: [\"*\"], resources: [\"*\"], namespaces: [\"*\"], clusterScope: true}]"
}
{
  cat <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: $serve_user, labels: {swiss-bench-run: "$run"}}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: $serve_user}]
EOF
  flow_schema list 95 "$(resources list)"
  flow_schema watch 96 "$(resources watch)"
  flow_schema get 97 "$(resources get)"
  flow_schema discovery 98 'nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]'
  flow_schema write 100 "$(resources '"*"')"
} | kc apply -f - >/dev/null
# The admin's kubeconfig with "as:" under its user: helm impersonates from it.
sed 's/^\(  user:\)$/\1\n    as: '"$serve_user"'/' "$kubeconfig" >"$work/serve.kubeconfig"
grep -q "as: $serve_user" "$work/serve.kubeconfig" || { echo "plans.sh: could not add as: to the kubeconfig" >&2; exit 1; }

cat >"$work/site.yaml" <<EOF
name: bench
namespace: $work_ns
chartPath: $repo/examples/charts
model:
  pathTemplate: /mnt/disk0/models/{{org}}/{{name}}
nodes: {gpusPerNode: 8}
EOF
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
ns_yaml="$(printf '"%s", ' "$work_ns" "${small[@]}" "${large[@]}")"
cat >"$work/swiss.yaml" <<EOF
catalog: $repo/examples/catalog
cluster:
  profile:
    file: $work/site.yaml
  namespaces: [${ns_yaml%, }]
  kubeconfig: $work/serve.kubeconfig
server:
  addr: 127.0.0.1:$port
  allowDeploy: true
  database: $work/swiss.db
  auth:
    disabled: true
EOF

base="http://127.0.0.1:$port"
JAVA_TOOL_OPTIONS="-Dkubernetes.impersonate.username=$serve_user" \
  ./swiss serve --config "$work/swiss.yaml" --kubeconfig "$work/serve.kubeconfig" \
  --addr "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
server_pid=$!
await_ready "$base" "$server_pid" "$work/serve.log" plans.sh

total() { curl -s "$base/api/deployments?perPage=1" | jq -r '.summary.total // 0'; }
await_total() {
  for _ in $(seq 600); do
    [[ "$(total)" -ge "$1" ]] && return 0
    sleep 0.1
  done
  echo "plans.sh: the server never counted $1 releases (it counts $(total))" >&2
  exit 1
}

echo "swiss serve: pid $server_pid, $base; model $model; run $run;" \
  "load average at the start $(cut -d' ' -f1 /proc/loadavg) ($(nproc) cores)"
await_total 10
tool dev.modelsphere.swiss.bench.PlansBench measure "$kubeconfig" "$base" "$work_ns" "$model" \
  "10" "$requests" "$installs" "$serve_user" "$work/medians"

# The server has watched the large set's namespaces since it started, before they existed.
tool dev.modelsphere.swiss.bench.DeploymentsBench seed "$kubeconfig" "$run" "${large[@]}" -- 990 "$threads" \
  2>&1 | grep -v '^LLMService CRD' || true
await_total $((1000 + installs))
echo "swiss serve counts $(total) releases: the 1,000 seeded and the $installs installed"
tool dev.modelsphere.swiss.bench.PlansBench measure "$kubeconfig" "$base" "$work_ns" "$model" \
  "1000" "$requests" "$installs" "$serve_user" "$work/medians"

awk '$1 == 10 { p = $2; d = $3 } $1 == 1000 { P = $2; D = $3 }
  END { printf "ratio 1,000 / 10 releases: plan %.2fx, diff %.2fx (target <= 1.25x)\n", P / p, D / d }' \
  "$work/medians"
echo "load average at the end: $(cut -d' ' -f1 /proc/loadavg)"
