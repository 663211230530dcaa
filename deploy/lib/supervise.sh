# deploy/lib/supervise.sh — components started in order, watched as an orchestrator would, stopped in reverse.
# Sourced after common.sh by deploy/local/run and deploy/local/cluster. Needs LOGS (the logs folder).
#
#   start_component NAME LAUNCH_FN READY_FN TIMEOUT_S [STOP_GRACE_S]
#       LAUNCH_FN NAME starts the component in the background, its output appended to $(log_of NAME), and sets
#       LAUNCHED_PID; READY_FN NAME succeeds once it serves. Waits until it is ready: a component that exits or is
#       not ready in time stops everything (exit 1), as a first start that fails is a mistake to fix, not to retry.
#   supervise
#       Runs until a signal. A component that dies is started again at once, then after 1 s, 2 s, 4 s … while it keeps
#       dying (at most RESTART_MAX_DELAY, default 30 s; at once again after it has run for a minute), with
#       "restarting NAME (exit N), attempt K in S s" on stdout and in its log, then "ready again …" with the time from its death to ready. The simulator ending with
#       status 0 is not restarted.
#       A component with a file $LEDGER_DATA/hold/NAME is not started again while that file exists (an operator's
#       "keep it down", used by deploy/bin/chaos to keep a broker or PostgreSQL away for a while).
#   Ctrl-C / SIGTERM / SIGHUP: every component stopped, the last started first (SIGTERM, SIGKILL after its grace).

ORDER=()
declare -A HELD=() PID=() LAUNCH=() READY=() GRACE=() STATE=() ATTEMPT=() NEXT_AT=() UP_SINCE=() DOWN_MS=() LAUNCH_MS=() LOG_OFFSET=()
RESTART_MAX_DELAY="${RESTART_MAX_DELAY:-30}"
BUILD_PID=
STOPPING=0

say() { printf '%-12s %s\n' "$1" "$2"; }

log_of() { echo "$LOGS/$1.log"; }

# A fresh log per run; the previous run's is kept as <component>.log.1.
new_log() {
  local f; f="$(log_of "$1")"
  [ -f "$f" ] && mv -f "$f" "$f.1"
  : > "$f"
}

# What NAME has logged since it was last launched (a restart appends to the same log).
log_since_launch() { tail -c +"$(( ${LOG_OFFSET[$1]:-0} + 1 ))" "$(log_of "$1")" 2>/dev/null; }

launch() {
  local name="$1"
  LOG_OFFSET[$name]="$(stat -c %s "$(log_of "$name")" 2>/dev/null || echo 0)"
  LAUNCHED_PID=
  "${LAUNCH[$name]}" "$name"
  PID[$name]="$LAUNCHED_PID"
  LAUNCH_MS[$name]="$(now_ms)"
  # For tools that act on one component (deploy/bin/chaos): its current process.
  mkdir -p "$LEDGER_DATA/pids" && echo "$LAUNCHED_PID" > "$LEDGER_DATA/pids/$name"
}

# Stops one process: SIGTERM, then waits (SIGKILL, with its children, after the grace period). Appends "NAME tenths"
# to STOPPED.
STOPPED=()
stop_pid() {
  local name="$1" pid="$2" grace="$3" deadline start
  start=$(date +%s%N)
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null
    deadline=$(( SECONDS + grace ))
    while alive "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    if alive "$pid"; then
      echo "$RUNNER: $name did not stop within ${grace}s, killing it" >&2
      # Its children too: a start script (Kafka, PostgreSQL) killed alone would leave its JVM or server running.
      # shellcheck disable=SC2046
      kill -KILL "$pid" $(ps -o pid= --ppid "$pid" 2>/dev/null) 2>/dev/null
    fi
  fi
  wait "$pid" 2>/dev/null
  STOPPED+=("$name $(( ($(date +%s%N) - start) / 100000000 ))")
  return 0
}

# Stops every component, the last started first, and says how long each took.
stop_all() {
  local i name s line=""
  if [ -n "$BUILD_PID" ]; then stop_pid build "$BUILD_PID" 10; BUILD_PID=; fi
  for (( i=${#ORDER[@]}-1; i>=0; i-- )); do
    name="${ORDER[$i]}"
    case "${STATE[$name]}" in
      up|starting) stop_pid "$name" "${PID[$name]}" "${GRACE[$name]}" ;;
    esac
    STATE[$name]=stopped
  done
  for s in "${STOPPED[@]}"; do
    line+="${line:+, }${s% *} $(( ${s##* } / 10 )).$(( ${s##* } % 10 ))s"
  done
  [ -n "$line" ] && echo "stopped: $line" >&2
  return 0
}

on_signal() {
  [ "$STOPPING" -eq 1 ] && return
  STOPPING=1
  trap '' INT TERM HUP
  stop_all
  exit 0
}
trap on_signal INT TERM HUP

# A component failed to start: say which, show the end of its log, stop the rest, exit 1.
fail() {
  local name="$1" why="$2" log; log="$(log_of "$name")"
  trap '' INT TERM HUP
  STOPPING=1
  say "$name" "FAILED: $why" >&2
  if [ -s "$log" ]; then
    echo "---- last lines of $log ----" >&2
    tail -n 25 "$log" >&2
    echo "----" >&2
  fi
  stop_all
  exit 1
}

# launch_component NAME LAUNCH_FN READY_FN [STOP_GRACE_S]: starts it without waiting (await_component waits).
launch_component() {
  local name="$1"
  LAUNCH[$name]="$2"; READY[$name]="$3"; GRACE[$name]="${4:-30}"; ATTEMPT[$name]=0
  ORDER+=("$name")
  STATE[$name]=starting
  launch "$name"
}

# await_component NAME TIMEOUT_S: waits until it is ready; exit 1 (everything stopped) when it dies or times out.
await_component() {
  local name="$1" timeout="$2"
  wait_until "$timeout" "${PID[$name]}" 0.3 "${READY[$name]}" "$name"
  case $? in
    1) STATE[$name]=stopped; fail "$name" "exited with status $WAITED_STATUS before it was ready" ;;
    2) fail "$name" "not ready after ${timeout}s" ;;
  esac
  STATE[$name]=up
  UP_SINCE[$name]=$SECONDS
}

start_component() {
  launch_component "$1" "$2" "$3" "${5:-30}"
  await_component "$1" "$4"
}

# Tenths of a second as "S.D".
tenths() { echo "$(( $1 / 10 )).$(( $1 % 10 ))"; }

# A waiting component is started again once its delay has passed, unless it is held down ($LEDGER_DATA/hold/NAME).
relaunch_when_due() {
  local name="$1"
  if [ -e "$LEDGER_DATA/hold/$name" ]; then
    [ "${HELD[$name]:-0}" -eq 1 ] || say "$name" "held down ($LEDGER_DATA/hold/$name)"
    HELD[$name]=1
  elif [ "$SECONDS" -ge "${NEXT_AT[$name]}" ] && [ "$STOPPING" -eq 0 ]; then
    HELD[$name]=0
    STATE[$name]=starting
    launch "$name"
  fi
}

supervise() {
  local name status delay k msg
  while :; do
    for name in "${ORDER[@]}"; do
      case "${STATE[$name]}" in
        up|starting)
          if ! alive "${PID[$name]}"; then
            status=0; wait "${PID[$name]}" 2>/dev/null || status=$?
            if [ "$name" = simulator ] && [ "$status" -eq 0 ]; then
              echo "$RUNNER: the simulator finished; the rest keeps running" >&2
              STATE[$name]=done
              continue
            fi
            if [ "${STATE[$name]}" = up ]; then
              DOWN_MS[$name]="$(now_ms)"
              # It ran for a while: a new failure, not the same crash loop.
              [ $(( SECONDS - ${UP_SINCE[$name]} )) -ge 60 ] && ATTEMPT[$name]=0
            fi
            k=$(( ${ATTEMPT[$name]} + 1 )); ATTEMPT[$name]=$k
            # A first death is restarted at once (the service is back in seconds); a crash loop backs off.
            delay=$(( k == 1 ? 0 : 1 << (k - 2 < 15 ? k - 2 : 15) ))
            [ "$delay" -gt "$RESTART_MAX_DELAY" ] && delay="$RESTART_MAX_DELAY"
            NEXT_AT[$name]=$(( SECONDS + delay ))
            STATE[$name]=waiting
            msg="restarting $name (exit $status), attempt $k in $delay s"
            say "$name" "$msg"
            echo "$RUNNER: $msg" >>"$(log_of "$name")"
            relaunch_when_due "$name"
          elif [ "${STATE[$name]}" = starting ] && "${READY[$name]}" "$name"; then
            STATE[$name]=up
            UP_SINCE[$name]=$SECONDS
            msg="ready again $(tenths $(( ($(now_ms) - ${DOWN_MS[$name]}) / 100 )))s after it died (this start $(tenths $(( ($(now_ms) - ${LAUNCH_MS[$name]}) / 100 )))s)"
            say "$name" "$msg"
            echo "$RUNNER: $msg" >>"$(log_of "$name")"
          fi
          ;;
        waiting) relaunch_when_due "$name" ;;
      esac
    done
    nap 0.5
  done
}
