#!/usr/bin/env bash
# Makes sure Debian's docker-compose (1.29) is there: test/compose.test.ts validates
# docker-compose.yml with it (no Docker engine is needed for `config`). Installs it
# with apt when missing and root; otherwise says how, and fails.
set -euo pipefail
command -v docker-compose >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian docker-compose to validate docker-compose.yml..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq docker-compose >/dev/null
  command -v docker-compose >/dev/null 2>&1 && exit 0
fi
echo "docker-compose is missing: install it (sudo apt-get install -y docker-compose) to validate docker-compose.yml." >&2
exit 1
