#!/bin/sh
# Sets up, builds and runs every test: unit, checker (lit), model, and the
# real-kernel acceptance tests (which fetch Debian's linux-source-6.1 and -6.12).
# Extra arguments go to ctest (e.g. -L unit, -LE kernel). The label
# kernel-extra (more whole-subtree runs) is left out unless they name it or
# give their own -LE: ctest ANDs several -LE, so one cannot be added to theirs.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd "${BUILD_DIR:-build}"
case " $* " in
  *" -LE "* | *--label-exclude* | *kernel-extra*) ;;
  *) set -- -LE kernel-extra "$@" ;;
esac
ctest --output-on-failure -j"$(nproc)" "$@"
