#!/usr/bin/env bash
# Install what the full test run needs besides Rust, so that
#   KATACHI_REQUIRE_SHARED=1 cargo test --workspace --release
# passes on a fresh Debian/Ubuntu machine:
#   - GNU Go 3.8 at /usr/games/gnugo (Debian package `gnugo`): the GTP peer
#     of the match, regression and GTP comparison tests;
#   - Python 3 with sgfmill 1.1.1 (PyPI): the third-party SGF reader the
#     writer's round-trip test checks against.
# The third need, GNU Go's corpus in ../shared beside the checkout (or
# $KATACHI_SHARED), is not installed by this script; it says whether it is
# there. Safe to run again: it installs only what is missing. .ci/run uses it.
set -euo pipefail
cd "$(dirname "$0")/.."

SGFMILL_VERSION=1.1.1

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    echo "install-test-deps: need root (or sudo) for: $*" >&2
    exit 1
  fi
}

apt_updated=no
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if [ "$apt_updated" = no ]; then
    as_root apt-get update -qq
    apt_updated=yes
  fi
  as_root apt-get install -y -qq "$@" >/dev/null
}

if ! [ -x /usr/games/gnugo ]; then
  echo "install-test-deps: installing gnugo"
  apt_install gnugo
fi

if ! command -v python3 >/dev/null; then
  echo "install-test-deps: installing python3"
  apt_install python3 python3-pip
fi
have=$(python3 -c 'import importlib.metadata as m; print(m.version("sgfmill"))' 2>/dev/null || true)
if [ "$have" != "$SGFMILL_VERSION" ]; then
  echo "install-test-deps: installing sgfmill $SGFMILL_VERSION (found: ${have:-none})"
  if ! python3 -m pip --version >/dev/null 2>&1; then
    apt_install python3-pip
  fi
  # A Debian system Python refuses pip installs (PEP 668) unless told to.
  python3 -m pip install -q "sgfmill==$SGFMILL_VERSION" 2>/dev/null ||
    python3 -m pip install -q --break-system-packages "sgfmill==$SGFMILL_VERSION"
fi

echo "install-test-deps: $(/usr/games/gnugo --version | head -1)"
echo "install-test-deps: sgfmill $(python3 -c 'import importlib.metadata as m; print(m.version("sgfmill"))')"
shared=${KATACHI_SHARED:-../shared}
if [ -d "$shared/gnugo" ]; then
  echo "install-test-deps: GNU Go corpus found in $shared"
else
  echo "install-test-deps: no GNU Go corpus in $shared (put it there or set KATACHI_SHARED);" \
    "tests that need it skip, or fail under KATACHI_REQUIRE_SHARED=1" >&2
fi
