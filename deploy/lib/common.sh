# deploy/lib/common.sh — shell functions shared by the scripts under deploy/ (sourced, never run on its own).
#
# A script sources it from its own real location (a symlink to the script is followed), e.g. in deploy/local/kafka/:
#   . "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../lib/common.sh"
# It then has LEDGER_ROOT (the repository), HOST (127.0.0.1: everything binds loopback only, on purpose) and the
# functions below. Nothing here changes shell options or traps unless a function says so.

LEDGER_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HOST=127.0.0.1

# The real folder of a script, symlinks followed (portable: no `readlink -f` needed for the script's own folder).
real_dir() {
  local src="$1" dir
  while [ -L "$src" ]; do
    dir="$(cd -P "$(dirname "$src")" && pwd)"
    src="$(readlink "$src")"
    case "$src" in /*) ;; *) src="$dir/$src" ;; esac
  done
  cd -P "$(dirname "$src")" && pwd
}

alive() { kill -0 "$1" 2>/dev/null; }

# Sleeps in the background so that a trapped signal is handled at once.
nap() { sleep "$1" >/dev/null 2>&1 & wait $! 2>/dev/null; }

# Milliseconds since the epoch.
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

port_in_use() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

# HTTP status of GET http://127.0.0.1:PORT/PATH ("" when nothing answers), with bash alone (no curl needed).
http_status() {
  ( exec 3<>"/dev/tcp/$HOST/$1" || exit 1
    printf 'GET %s HTTP/1.1\r\nHost: %s:%s\r\nConnection: close\r\n\r\n' "$2" "$HOST" "$1" >&3
    IFS=' ' read -r -t 5 _ code _ <&3 && echo "$code" ) 2>/dev/null
}

# Exits with status 2 (and says why, as PREFIX) unless every VALUE is a number: require_numbers PREFIX NAME…
# (the NAMEs are variables).
require_numbers() {
  local prefix="$1" v; shift
  for v in "$@"; do
    case "${!v}" in ''|*[!0-9]*) echo "$prefix: $v must be a number (got '${!v}')" >&2; exit 2 ;; esac
  done
}

# Exits with status 1 when one of the PORTs already answers: require_free_ports PREFIX WHAT PORT…
require_free_ports() {
  local prefix="$1" what="$2" p; shift 2
  for p in "$@"; do
    if port_in_use "$p"; then echo "$prefix: $HOST:$p is already in use ($what)" >&2; exit 1; fi
  done
}

random_secret() { od -An -tx1 -N16 /dev/urandom | tr -d ' \n'; }

# wait_until TIMEOUT_S PID INTERVAL_S COMMAND [ARG…]: runs COMMAND every INTERVAL_S until it succeeds.
# Status 0 when it did, 1 when process PID exited first (its status is then in WAITED_STATUS), 2 on timeout.
# PID may be empty (no process to watch).
WAITED_STATUS=0
wait_until() {
  local timeout="$1" pid="$2" interval="$3" deadline; shift 3
  deadline=$(( SECONDS + timeout ))
  until "$@"; do
    if [ -n "$pid" ] && ! alive "$pid"; then
      WAITED_STATUS=0; wait "$pid" 2>/dev/null || WAITED_STATUS=$?
      return 1
    fi
    [ "$SECONDS" -ge "$deadline" ] && return 2
    nap "$interval"
  done
  return 0
}

# A program run in the foreground as this script's child, so that TERM/INT/HUP reach it and a requested stop is
# reported as exit status 0 (a supervisor then knows it was asked for). A script started with `&` by another one
# ignores SIGINT (bash cannot trap a signal ignored on entry): the supervisor sends SIGTERM.
#   start_child COMMAND [ARG…]   starts it (CHILD_PID) and installs the traps
#   wait_child NAME              waits for it; returns 0 after a requested stop, else the child's status
start_child() {
  "$@" &
  CHILD_PID=$!
  CHILD_STOPPING=0
  trap '_stop_child' TERM INT HUP
}
_stop_child() { CHILD_STOPPING=1; kill -TERM "$CHILD_PID" 2>/dev/null || true; }
wait_child() {
  local status=0
  while :; do
    wait "$CHILD_PID" && status=0 || status=$?
    # wait returns early (status > 128) when a trapped signal arrives: keep waiting for the child itself.
    alive "$CHILD_PID" || break
  done
  if [ "$CHILD_STOPPING" -eq 1 ] && { [ "$status" -eq 0 ] || [ "$status" -eq 143 ] || [ "$status" -eq 130 ]; }; then
    echo "$1: stopped" >&2
    return 0
  fi
  echo "$1: exited with status $status" >&2
  return "$status"
}
