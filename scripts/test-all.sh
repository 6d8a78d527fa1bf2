#!/usr/bin/env bash
# `npm run test:all`: the whole suite with nothing skipped. `npm test` skips the tests that need
# Redis, a Redis Cluster or Chromium when the machine has none; this installs redis-server and
# chromium from Debian's packages when they are missing (apt-get: run as root), starts a Redis
# server and a three-node Redis Cluster on loopback ports, runs `npm test` with them required,
# and stops them. Arguments go to vitest, e.g. `npm run test:all -- test/redis`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=../.ci/redis-server.sh
. .ci/redis-server.sh
# shellcheck source=../.ci/redis-cluster.sh
. .ci/redis-cluster.sh
# shellcheck source=../.ci/runtimes/run-matrix.sh
. .ci/runtimes/run-matrix.sh
trap 'stop_redis_server; stop_redis_cluster' EXIT
start_redis_server
start_redis_cluster
CHROMIUM_PATH=$(provision_chromium)
export CHROMIUM_PATH POSTLINE_REQUIRE_REDIS=1 POSTLINE_REQUIRE_CHROMIUM=1
npm test -- "$@"
