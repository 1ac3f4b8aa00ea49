#!/bin/sh
# Sets up, builds, and runs kharden's main job on the bundled default: the
# checkers on a kernel-style excerpt of arm64's syscall path as it was before
# the early-2026 fix, then the proofs of every built-in scheme.
set -u
cd "$(dirname "$0")/.."
scripts/setup.sh && scripts/build.sh || exit 2
bin=${BUILD_DIR:-build}/bin/kharden
"$bin" check corpus/examples/arm64-syscall.c -- -nostdinc -I corpus/include
check_status=$?
"$bin" prove
prove_status=$?
echo "run: check exited $check_status (1 = findings), prove exited $prove_status"
[ "$check_status" -le 1 ] && [ "$prove_status" -eq 0 ]
