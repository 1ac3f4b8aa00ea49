#!/bin/sh
# Sets up, builds and runs every test: unit, checker (lit), model, and the
# real-kernel acceptance tests (which fetch Debian's linux-source-6.1).
# Extra arguments go to ctest (e.g. -L unit, -LE kernel).
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j"$(nproc)" "$@"
