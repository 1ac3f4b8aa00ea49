#!/bin/sh
# Configures and builds kharden in ${BUILD_DIR:-build}. Extra arguments go to
# CMake's configure step (e.g. -DKHARDEN_SANITIZE=ON).
set -eu
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja "$@" >/dev/null
cmake --build "$BUILD_DIR"
