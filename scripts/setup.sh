#!/bin/sh
# Installs the Debian 12 packages kharden needs to build and test.
# Idempotent: installs only what is missing. Needs root (or sudo) to install.
set -eu

PACKAGES="
  cmake ninja-build g++ make pkg-config python3 git xz-utils ca-certificates
  llvm-19-dev libclang-19-dev libclang-cpp19-dev llvm-19-tools clang-19 lld-19
  libz3-dev libgtest-dev libsqlite3-dev cvc5 libclang-rt-19-dev
  flex bison bc libelf-dev libssl-dev sparse
"
# flex .. libssl-dev, clang-19 and lld-19: configuring real kernel trees with
# LLVM=1 for the acceptance tests. cvc5: re-checking every proof query.
# sparse: the whole-tree benchmark runs it side by side (bench/whole-tree).

missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
if [ -z "$missing" ]; then
  echo "setup: all packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "setup: error: need root to install:$missing" >&2; exit 2; }
  SUDO=sudo
fi
echo "setup: installing:$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
