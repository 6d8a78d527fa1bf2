#!/usr/bin/env bash
# The fake from another language: examples/python drives `postline fake` (dist/, from
# `npm run build`) through its control plane with Python's standard library, under pytest.
# python3 and pytest come from Debian's packages.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! /usr/bin/python3 -c 'import pytest' >/dev/null 2>&1; then
  apt-get install -y -qq python3-pytest >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq python3-pytest >/dev/null; }
fi
/usr/bin/python3 --version
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest examples/python -v -p no:cacheprovider
