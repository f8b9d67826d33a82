# Process bookkeeping for up/down: every daemon is started in its own session
# with its pid in $STATE_DIR/pids, and is stopped by that pid only.

launch() { # <name> <binary> <args...>
  local name="$1"; shift
  # setsid: a Ctrl-C in the caller's terminal, or the JVM that ran `up`,
  # must not take the cluster down. 9>&-: the daemons must not hold up's lock.
  setsid "$@" </dev/null >"$STATE_DIR/logs/$name.log" 2>&1 9>&- &
  echo $! > "$STATE_DIR/pids/$name"
}

pid_of() { cat "$STATE_DIR/pids/$1" 2>/dev/null; }

# A recycled pid must not be mistaken for ours, so the command line is checked too.
alive() { # <name>
  local pid; pid="$(pid_of "$1")" || return 1
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null \
    && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$STATE_DIR"
}

# All at once: each takes a second or two to shut down gracefully, and the
# cluster's data is thrown away, so there is no order to keep.
stop_all() {
  [[ -d "$STATE_DIR/pids" ]] || return 0
  local pids=()
  for c in kwok kube-scheduler kube-controller-manager kube-apiserver etcd; do
    alive "$c" && pids+=("$(pid_of "$c")")
  done
  ((${#pids[@]})) || return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 100); do
    any_alive "${pids[@]}" || return 0
    sleep 0.1
  done
  kill -KILL "${pids[@]}" 2>/dev/null || true
}

any_alive() { # <pids...>; `kill -0 a b` fails as soon as one is gone, so ask one by one
  for p in "$@"; do kill -0 "$p" 2>/dev/null && return 0; done
  return 1
}

free_port() { # <ports to avoid...>
  local p
  for _ in $(seq 200); do
    p=$((20000 + RANDOM % 12000))
    [[ " $* " == *" $p "* ]] && continue
    ss -Htln "sport = :$p" 2>/dev/null | grep -q . && continue
    echo "$p"; return 0
  done
  die "no free port found"
}

wait_for() { # <what> <seconds> <check command...>
  local what="$1" limit="$2"; shift 2
  local t0=$SECONDS
  until "$@"; do
    if ((SECONDS - t0 >= limit)); then
      die "$what not ready after ${limit} s; see $STATE_DIR/logs"
    fi
    sleep 0.2
  done
  say "$what ready ($((SECONDS - t0)) s)"
}
