# Sourced by .ci/run and scripts/test-all.sh: installs redis-server from Debian's packages when it
# is missing, starts one on a free loopback port (from 6390, no persistence) and exports REDIS_URL
# and redis_port (which .ci/redis-cluster.sh builds on). stop_redis_server stops it.

start_redis_server() {
  if ! command -v redis-server >/dev/null; then
    apt-get install -y -qq redis-server >/dev/null 2>&1 ||
      { apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; }
  fi
  mkdir -p .ci/.cache/redis
  redis_port=6390
  while redis-cli -p "$redis_port" ping >/dev/null 2>&1; do redis_port=$((redis_port + 1)); done
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
    --dir "$PWD/.ci/.cache/redis" --pidfile "$PWD/.ci/.cache/redis/redis.pid" --daemonize yes
  for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  REDIS_URL="redis://127.0.0.1:$redis_port"
  export REDIS_URL
}

stop_redis_server() {
  redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true
}
