# Sourced by .ci/run after redis-server is installed: starts a three-node Redis Cluster on loopback
# ports for the pacing store's cluster tests, and exports REDIS_CLUSTER_NODES. Needs $redis_port.

start_redis_cluster() {
  local base=$((redis_port + 100)) nodes=() port
  for offset in 0 1 2; do
    port=$((base + offset))
    while redis-cli -p "$port" ping >/dev/null 2>&1; do port=$((port + 10)); done
    mkdir -p ".ci/.cache/redis-cluster/$port"
    rm -f ".ci/.cache/redis-cluster/$port/nodes.conf"
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
      --cluster-enabled yes --cluster-config-file "$PWD/.ci/.cache/redis-cluster/$port/nodes.conf" \
      --dir "$PWD/.ci/.cache/redis-cluster/$port" --daemonize yes
    nodes+=("127.0.0.1:$port")
  done
  for node in "${nodes[@]}"; do
    for _ in $(seq 50); do redis-cli -p "${node#*:}" ping >/dev/null 2>&1 && break; sleep 0.1; done
  done
  redis-cli --cluster create "${nodes[@]}" --cluster-replicas 0 --cluster-yes >/dev/null
  for _ in $(seq 100); do
    redis-cli -p "${nodes[0]#*:}" cluster info | grep -q 'cluster_state:ok' && break
    sleep 0.1
  done
  REDIS_CLUSTER_PORTS="${nodes[*]##*:}"
  REDIS_CLUSTER_NODES=$(IFS=,; echo "${nodes[*]}")
  export REDIS_CLUSTER_NODES
  echo "Redis Cluster: $REDIS_CLUSTER_NODES"
}

stop_redis_cluster() {
  local port
  for port in ${REDIS_CLUSTER_PORTS:-}; do
    redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
  done
}
