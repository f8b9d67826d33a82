#!/usr/bin/env bash
# How long a swiss command takes to answer from a cold start, as a person at a terminal meets it:
# the median of 10 runs of `./swiss` for `--version`, `catalog list` on the demo catalog and
# `status` of a release on the local cluster (which needs one: $SWISS_TEST_CLUSTER, else
# hack/cluster/up). Each is run three ways:
#   plain      no class-data archive (SWISS_CDS=0), as before the launcher wrote one
#   first-run  the archive ./swiss writes by itself on the first run after a build
#   trained    the fuller one hack/cds writes from a training run of swiss serve
#
#   bench/cli.sh [runs]        BENCH_SKIP_BUILD=1 reuses target/swiss.jar
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source bench/lib.sh
runs="${1:-10}"

if [[ "${BENCH_SKIP_BUILD:-}" != 1 ]]; then
  mvn -q -B -ntp -DskipTests package
fi
bench_cluster
export KUBECONFIG="$kubeconfig"

# median_of <runs> <command...>: the median wall time in seconds, to the millisecond.
median_of() {
  local n=$1
  shift
  local times=()
  for ((i = 0; i < n; i++)); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {m=a[int((NR+1)/2)]; printf "%d.%03d", m/1000, m%1000}'
}

commands=(
  "--version|./swiss --version"
  "catalog list|./swiss catalog list --catalog examples/catalog"
  "status|./swiss status --release bench-cli-none --namespace default"
)

row() { printf '%-14s %10s %10s %10s\n' "$@"; }
measure() { # <mode label>; prints one column per command into the named array
  local -n into=$1
  local mode=$2
  for entry in "${commands[@]}"; do
    local cmd="${entry#*|}"
    if [[ "$mode" == plain ]]; then
      # shellcheck disable=SC2086
      into+=("$(SWISS_CDS=0 median_of "$runs" $cmd)")
    else
      # shellcheck disable=SC2086
      into+=("$(median_of "$runs" $cmd)")
    fi
  done
}

plain=() first=() trained=()
measure plain plain
rm -f target/swiss.jsa
./swiss --version >/dev/null # the first run after a build writes the archive
echo "bench/cli.sh: first-run archive: $(du -h target/swiss.jsa | cut -f1)" >&2
measure first first-run
hack/cds >/dev/null 2>&1
echo "bench/cli.sh: trained archive (hack/cds): $(du -h target/swiss.jsa | cut -f1)" >&2
measure trained trained

echo "cold start, median of $runs runs (s)"
row "command" "plain" "first-run" "trained"
for i in "${!commands[@]}"; do
  row "${commands[$i]%%|*}" "${plain[$i]}" "${first[$i]}" "${trained[$i]}"
done
echo "target: catalog list and --version in 0.4 s or less"
