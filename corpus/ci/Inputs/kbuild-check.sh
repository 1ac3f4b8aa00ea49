#!/bin/sh
# kbuild-check.sh KHARDEN FILE [kharden options]: runs KHARDEN as kbuild's
# checker on FILE of a tree made by make-tree.sh (in the current directory,
# the object tree), with the command line kbuild gives: sparse's flags, the
# compiler's flags from -Wp,-MMD on, the file last.
set -eu
kharden=$1
file=$2
shift 2
include=$(cd "$(dirname "$0")/../../include" && pwd)
exec "$kharden" check "$@" --kbuild -D__linux__ -Dlinux -Wbitwise --arch=x86 \
  -Wp,-MMD,".$(basename "$file").d" -nostdinc -std=gnu11 -I "$include" "$file"
