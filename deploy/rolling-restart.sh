#!/usr/bin/env bash
# Restarts the wallet instances one at a time, each back and ready before the next goes down, so nginx
# (deploy/nginx.conf) always has instances to send members to: `deploy/rolling-restart.sh 3001 3002 3003`
# after a new build (npm run build) or a change to /etc/wallet/wallet.env. Stops at the first instance
# that is not ready within READY_WAIT seconds (default 90), leaving the others running on the old code.
# RESTART (default `systemctl restart wallet@PORT`) is the command run for each port, with {port}
# in it replaced; READY_HOST (default 127.0.0.1) is where the instances listen.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 PORT [PORT...]   (the ports of the wallet@ instances)" >&2
  exit 2
fi
restart=${RESTART:-"systemctl restart wallet@{port}"}
host=${READY_HOST:-127.0.0.1}
wait_s=${READY_WAIT:-90}

ready() {
  curl -fsS -o /dev/null --max-time 3 "http://$host:$1/readyz"
}

for port in "$@"; do
  echo "rolling restart: instance on port $port"
  # systemctl restart sends SIGTERM (the instance drains, exits within 5 s) and starts it again
  eval "${restart//\{port\}/$port}"
  deadline=$((SECONDS + wait_s))
  until ready "$port"; do
    if [ $SECONDS -ge $deadline ]; then
      echo "rolling restart: port $port not ready after ${wait_s}s; stopped here (journalctl -u wallet@$port)" >&2
      exit 1
    fi
    sleep 1
  done
  echo "rolling restart: port $port ready"
done
echo "rolling restart: done"
