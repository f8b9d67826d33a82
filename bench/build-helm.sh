#!/usr/bin/env bash
# Builds the helm CLI at the version helm-java embeds, for the render benchmark only (swiss never
# runs helm as a process). Cached outside the repository; prints the binary's path.
set -euo pipefail
version="${HELM_VERSION:-v3.21.0}"
cache="${SWISS_BENCH_CACHE:-$HOME/.cache/swiss-bench}/helm-$version"
bin="$cache/helm"
if [[ -x "$bin" ]]; then
  echo "$bin"
  exit 0
fi
mkdir -p "$cache"
# go install at an exact version builds from the module's own go.mod, as helm's release does.
GOBIN="$cache" CGO_ENABLED=0 go install -trimpath \
  -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$version" \
  "helm.sh/helm/v3/cmd/helm@$version" >&2
echo "$bin"
