# deploy/lib/components.sh — how the runners (deploy/local/run, deploy/local/cluster) build, launch and check the
# ledger's components. Sourced after common.sh and supervise.sh; needs LOGS, LEDGER_DATA, JAVA and RUNNER.
# Each launch_X NAME starts X in the background (output appended to its log) and sets LAUNCHED_PID; each ready_X NAME
# succeeds once X serves. They are the LAUNCH_FN / READY_FN of start_component (supervise.sh).

DEPLOY="$LEDGER_ROOT/deploy"
SERVICE_JAVA_OPTS="${SERVICE_JAVA_OPTS:-}"

# What is built (services/<module>): every Java service started, and the simulator.
BUILD_MODULES=(rules-processor table-gateway scoreboard audit-trail tools/table-simulator)

jar_of() {
  case "$1" in
    table-simulator|tools/table-simulator) echo "$LEDGER_ROOT/services/tools/table-simulator/target/table-simulator.jar" ;;
    *) echo "$LEDGER_ROOT/services/$1/target/quarkus-app/quarkus-run.jar" ;;
  esac
}

# Build: skipped when every jar is newer than every source file and pom.
build_if_needed() {
  local m jar oldest="" reason=""
  for m in "${BUILD_MODULES[@]}"; do
    jar="$(jar_of "$m")"
    if [ ! -f "$jar" ]; then reason="first build"; break; fi
    if [ -z "$oldest" ] || [ "$oldest" -nt "$jar" ]; then oldest="$jar"; fi
  done
  if [ -z "$reason" ] && [ -n "$(cd "$LEDGER_ROOT" && find services/*/src services/*/pom.xml services/*/*/src services/*/*/pom.xml pom.xml -newer "$oldest" -print -quit 2>/dev/null)" ]; then
    reason="sources changed"
  fi
  [ -z "$reason" ] && return 0

  local list; list="$(printf 'services/%s,' "${BUILD_MODULES[@]}")"; list="${list%,}"
  echo "$RUNNER: building ${BUILD_MODULES[*]} ($reason; log $LOGS/build.log)…" >&2
  new_log build
  local start=$SECONDS
  (cd "$LEDGER_ROOT" && exec ./mvnw -B -q -ntp package -DskipTests -pl "$list" -am) >"$(log_of build)" 2>&1 &
  BUILD_PID=$!
  local status=0
  wait "$BUILD_PID" || status=$?
  BUILD_PID=
  [ "$status" -eq 0 ] || fail build "./mvnw -B -ntp package -DskipTests -pl $list -am exited with status $status"
  for m in "${BUILD_MODULES[@]}"; do
    jar="$(jar_of "$m")"
    [ -f "$jar" ] || fail build "the build finished but $jar is missing"
    touch "$jar"   # an unchanged shaded jar keeps its old time: mark every jar as current
  done
  echo "build finished in $(( SECONDS - start ))s" >>"$(log_of build)"
}

# Fails NAME (everything stopped, exit 1) when one of the PORTs is taken: checked before a first start only (a
# restart finds the port of the process it replaces free again).
require_free() {
  local name="$1" p; shift
  for p in "$@"; do
    port_in_use "$p" && fail "$name" "$HOST:$p is already in use"
  done
  return 0
}

# ---- Keycloak (deploy/local/keycloak/start) ----------------------------------------------------------------------
launch_keycloak() {
  "$DEPLOY/local/keycloak/start" >>"$(log_of "$1")" 2>&1 &
  LAUNCHED_PID=$!
}
ready_keycloak() { log_since_launch "$1" | grep -q '^keycloak: ready'; }

# ---- PostgreSQL (deploy/local/postgres/start) --------------------------------------------------------------------
launch_postgres() {
  "$DEPLOY/local/postgres/start" >>"$(log_of "$1")" 2>&1 &
  LAUNCHED_PID=$!
}
ready_postgres() { log_since_launch "$1" | grep -q '^postgres: ready'; }

# ---- Kafka nodes (deploy/local/kafka/start) ----------------------------------------------------------------------
# kafka_node NAME NODE_ID PORT CONTROLLER_PORT: node NAME's settings. One node (deploy/local/run) leaves KAFKA_VOTERS
# unset: start then runs a one-node cluster, as before.
declare -A KNODE_ID=() KNODE_PORT=() KNODE_CPORT=()
kafka_node() { KNODE_ID[$1]="$2"; KNODE_PORT[$1]="$3"; KNODE_CPORT[$1]="$4"; }

launch_kafka() {
  KAFKA_NODE_ID="${KNODE_ID[$1]}" KAFKA_PORT="${KNODE_PORT[$1]}" KAFKA_CONTROLLER_PORT="${KNODE_CPORT[$1]}" \
    "$DEPLOY/local/kafka/start" >>"$(log_of "$1")" 2>&1 &
  LAUNCHED_PID=$!
}
# "[KafkaRaftServer nodeId=N] Kafka Server started": its listeners are up and it has caught up with the metadata.
ready_kafka() { log_since_launch "$1" | grep -q 'Kafka Server started'; }

# ---- Java services -----------------------------------------------------------------------------------------------
# service NAME MODULE PORT MANAGEMENT_PORT [JVM OPTION...]: how launch_service starts NAME: services/MODULE's jar on
# 127.0.0.1:PORT (its management interface, /q/*, on 127.0.0.1:MANAGEMENT_PORT) against $KAFKA_BOOTSTRAP_SERVERS as
# Kafka user MODULE (deploy/local/kafka/as: the SASL settings in its environment, not on its command line). The
# topics exist already (deploy/local/kafka/setup): the service does not try to create them.
# SVC_ENV_COMMAND[NAME]: a command whose output (`export X=…` lines) is evaluated in NAME's own environment just before
# it starts: secrets reach that one process only, at every (re)start.
declare -A SVC_MODULE=() SVC_PORT=() SVC_MPORT=() SVC_OPTS=() SVC_ENV_COMMAND=() SVC_JVM_NOTE=()
service() {
  local name="$1"
  SVC_MODULE[$name]="$2"; SVC_PORT[$name]="$3"; SVC_MPORT[$name]="$4"; shift 4
  # Options are kept as one string of shell words (quoted with printf %q), read back as an array.
  SVC_OPTS[$name]=""
  [ $# -eq 0 ] || SVC_OPTS[$name]="$(printf '%q ' "$@")"
}

# The services' JVM: a JDK 25+ when one is installed, for its AOT cache (common.sh service_java, aot_options).
SERVICE_JVM=""
# A stop waits this long for a service, so that a JVM recording its AOT cache can write it (tens of seconds).
SERVICE_STOP_GRACE="${SERVICE_STOP_GRACE:-90}"

launch_service() {
  local name="$1" opts aot env_command="${SVC_ENV_COMMAND[$1]:-}" jar
  eval "opts=(${SVC_OPTS[$name]})"
  [ -n "$SERVICE_JVM" ] || SERVICE_JVM="$(service_java "$JAVA")"
  jar="$(jar_of "${SVC_MODULE[$name]}")"
  aot_mark_complete "$(log_of "$name")" "$(log_of "$name").1"
  aot="$(aot_options "$name" "$jar" "$SERVICE_JVM")"
  case "$aot" in
    -XX:AOTCache=*) SVC_JVM_NOTE[$name]="JDK $(java_major "$SERVICE_JVM"), AOT cache" ;;
    -XX:AOTCacheOutput=*) SVC_JVM_NOTE[$name]="JDK $(java_major "$SERVICE_JVM"), recording its AOT cache until it stops" ;;
    *) SVC_JVM_NOTE[$name]="JDK $(java_major "$SERVICE_JVM")" ;;
  esac
  # The subshell execs the JVM (through kafka/as): LAUNCHED_PID is the JVM's.
  # shellcheck disable=SC2086
  ( if [ -n "$env_command" ]; then eval "$($env_command)" || exit 1; fi
    exec "$DEPLOY/local/kafka/as" "${SVC_MODULE[$name]}" "$SERVICE_JVM" $SERVICE_JAVA_OPTS $aot \
      -Dquarkus.http.host="$HOST" -Dquarkus.http.port="${SVC_PORT[$name]}" \
      -Dquarkus.management.host="$HOST" -Dquarkus.management.port="${SVC_MPORT[$name]}" \
      -Dkafka.bootstrap.servers="$KAFKA_BOOTSTRAP_SERVERS" -Dledger.topics.create=false \
      "${opts[@]}" -jar "$jar" ) >>"$(log_of "$name")" 2>&1 &
  LAUNCHED_PID=$!
}
ready_service() { [ "$(http_status "${SVC_MPORT[$1]}" /q/health/ready)" = 200 ]; }

# "ready  http://…  (health …, OpenAPI …)": the line printed once NAME is ready.
service_line() {
  local port="${SVC_PORT[$1]}" mport="${SVC_MPORT[$1]}"
  if [ "$(http_status "$mport" /q/openapi)" = 200 ]; then
    say "$1" "ready  http://$HOST:$port  (health http://$HOST:$mport/q/health, OpenAPI http://$HOST:$mport/q/openapi; ${SVC_JVM_NOTE[$1]})"
  else
    say "$1" "ready  http://$HOST:$port  (health http://$HOST:$mport/q/health; ${SVC_JVM_NOTE[$1]})"
  fi
}

# ---- The table simulator -----------------------------------------------------------------------------------------
# SIM_GATEWAY: the gateway URL it posts to (its --gateway); SIMULATED_TABLES tables.
launch_simulator() {
  "$JAVA" -Xmx256m -jar "$(jar_of table-simulator)" --gateway "$SIM_GATEWAY" \
    --tables "$SIMULATED_TABLES" --state "$LEDGER_DATA/simulator/state.properties" >>"$(log_of "$1")" 2>&1 &
  LAUNCHED_PID=$!
}
ready_simulator() { log_since_launch "$1" | grep -q '^simulator: [0-9]* tables'; }
