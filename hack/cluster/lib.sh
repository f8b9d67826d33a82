# Shared by build, up and down. Sourced, not run.
# Versions come from the committed go.mod files so there is one place to bump them.

CLUSTER_HACK="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$CLUSTER_HACK/../.." && pwd)"

mod_version() { # <go.mod> <module>: its version on a require line, block or single
  awk -v m="$2" '
    $1 == "require" && $2 == m { print $3; exit }
    $1 == m && $2 ~ /^v/ { print $2; exit }' "$1"
}

K8S_VERSION="$(mod_version "$CLUSTER_HACK/kube/go.mod" k8s.io/kubernetes)"
ETCD_VERSION="$(mod_version "$CLUSTER_HACK/kube/go.mod" go.etcd.io/etcd/server/v3)"
KWOK_VERSION="$(mod_version "$CLUSTER_HACK/kwok/go.mod" sigs.k8s.io/kwok)"

[[ -n "$K8S_VERSION" && -n "$ETCD_VERSION" && -n "$KWOK_VERSION" ]] \
  || { echo "cluster: error: cannot read pinned versions from $CLUSTER_HACK/{kube,kwok}/go.mod" >&2; exit 1; }

CACHE_ROOT="${SWISS_CLUSTER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/swiss-cluster}"
KUBE_BIN="$CACHE_ROOT/kube-$K8S_VERSION-etcd-$ETCD_VERSION"
KWOK_BIN="$CACHE_ROOT/kwok-$KWOK_VERSION"

# Outside target/ so that `mvn clean` cannot pull the state from under a running cluster.
default_state_dir() {
  local key
  key="$(printf '%s' "$REPO_ROOT" | sha256sum | cut -c1-8)"
  echo "${TMPDIR:-/tmp}/swiss-cluster-$key"
}
STATE_DIR="${SWISS_CLUSTER_DIR:-$(default_state_dir)}"

say() { echo "cluster: $*" >&2; }
die() { echo "cluster: error: $*" >&2; exit 1; }

# up and down delete the state dir; refuse if it holds anything they did not make.
guard_state_dir() {
  [[ -d "$STATE_DIR" ]] || return 0
  [[ -e "$STATE_DIR/.swiss-cluster" ]] && return 0
  [[ -z "$(ls -A "$STATE_DIR")" ]] && return 0
  die "$STATE_DIR is not empty and was not made by hack/cluster/up; refusing to delete it"
}
