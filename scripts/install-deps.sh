#!/bin/sh
# Install what Nexus needs to build and test on Debian (run as root).
# Skips apt entirely when everything is already there, so repeated runs are quick.
# python3 and chromium run the designer and report tests (headless page
# screenshots); python3-jsonschema and python3-yaml validate the pack against
# its JSON Schemas with a real validator (tests/schema.py).  libpq-dev builds
# the PostgreSQL store; postgresql is the server its tests start (initdb).  Extra packages
# may be named as arguments (CI adds clang: install-deps.sh clang).
set -eu
PKGS="build-essential cmake make pkg-config liblua5.4-dev libyaml-dev libpcre2-dev \
check libsubunit-dev libjansson-dev libsqlite3-dev libzstd-dev libpq-dev postgresql python3 python3-jsonschema python3-yaml \
chromium $*"
missing=""
for p in $PKGS; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq $missing
