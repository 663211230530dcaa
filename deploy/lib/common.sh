# deploy/lib/common.sh — shell functions shared by the scripts under deploy/ (sourced, never run on its own).
#
# A script sources it from its own real location (a symlink to the script is followed), e.g. in deploy/local/kafka/:
#   . "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../lib/common.sh"
# It then has LEDGER_ROOT (the repository), HOST (127.0.0.1: everything binds loopback only, on purpose) and the
# functions below. Nothing here changes shell options or traps unless a function says so, and every function is safe
# under `set -euo pipefail`.

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

# HTTP status of GET http://127.0.0.1:PORT/PATH ("" when nothing answers within 5 s).
http_status() {
  local code
  code="$(curl -s -o /dev/null -m 5 -w '%{http_code}' "http://$HOST:$1$2" 2>/dev/null)" || true
  [ "$code" = 000 ] || echo "$code"
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

# The feature release of a JVM (17, 25, …), read from its JDK's `release` file (no JVM started); 0 when unknown.
java_major() {
  local java bin home v
  java="$(command -v "$1" 2>/dev/null)" || { echo 0; return; }
  bin="$(readlink -f "$java")"; home="$(dirname "$(dirname "$bin")")"
  v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release" 2>/dev/null || true)"
  echo "${v:-0}"
}

# The JVM the Java services run on: $SERVICE_JAVA when set; else the newest JDK 25 or later installed under
# /usr/lib/jvm, for its AOT cache (JEP 483/514/515: a service starts in about half the time, see aot_options); else
# the JAVA given (the JDK the project builds with, 17 or later).
service_java() {
  local fallback="$1" j best="" best_v=0 v
  if [ -n "${SERVICE_JAVA:-}" ]; then echo "$SERVICE_JAVA"; return; fi
  for j in /usr/lib/jvm/*/bin/java; do
    [ -x "$j" ] || continue
    v="$(java_major "$j")"
    if [ "$v" -ge 25 ] && [ "$v" -gt "$best_v" ]; then best="$j"; best_v="$v"; fi
  done
  echo "${best:-$fallback}"
}

# aot_options NAME JAR JAVA: the JVM options of NAME's AOT cache, $LEDGER_DATA/aot/NAME-<JAR's time>.aot, on a JVM
# that has AOT caches (25+; none otherwise). Once a run has written it (the JVM writes it when it exits normally: a
# stop, not a kill -9; its log then says "AOTCache creation is complete"), every later start uses it; until then each
# start records one. A rebuilt JAR gets a new cache (the old one is removed).
aot_options() {
  local name="$1" jar="$2" java="$3" dir="$LEDGER_DATA/aot" cache
  [ "$(java_major "$java")" -ge 25 ] || return 0
  [ -f "$jar" ] || return 0
  mkdir -p "$dir"
  cache="$dir/$name-$(stat -c %Y "$jar").aot"
  if [ -s "$cache" ] && [ -e "$cache.complete" ]; then
    echo "-XX:AOTCache=$cache"
    return
  fi
  find "$dir" -maxdepth 1 -name "$name-*" ! -name "$(basename "$cache")*" -delete 2>/dev/null || true
  echo "-XX:AOTCacheOutput=$cache"
}

# aot_mark_complete LOG…: marks the caches that the LOGs say a JVM finished writing as complete (aot_options uses
# only those: a JVM killed while it wrote its cache leaves none that a start would trust).
aot_mark_complete() {
  local cache
  while read -r cache; do
    if [ -s "$cache" ]; then touch "$cache.complete"; fi
  done < <(sed -n 's/^AOTCache creation is complete: \([^ ]*\) .*/\1/p' "$@" 2>/dev/null || true)
  return 0
}
