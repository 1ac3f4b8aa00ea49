#!/bin/sh
# expect-exit N CMD...: runs CMD; fails unless it exits with status N.
want=$1
shift
"$@"
got=$?
if [ "$got" -ne "$want" ]; then
  echo "expect-exit: '$*' exited $got, expected $want" >&2
  exit 1
fi
