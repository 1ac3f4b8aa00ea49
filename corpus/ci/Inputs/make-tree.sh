#!/bin/sh
# make-tree.sh DEST: a copy of Inputs/tree at DEST (tests edit and time-stamp
# its files), with a compile_commands.json for it and the mock kernel headers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=$1
rm -rf "$dest"
mkdir -p "$dest"
cp "$here"/tree/*.c "$here"/tree/*.h "$dest"/
dest=$(cd "$dest" && pwd)
sed -e "s|@DIR@|$dest|g" -e "s|@INCLUDE@|$here/../../include|g" \
  "$here/tree/compile_commands.json.in" > "$dest/compile_commands.json"
# Sources older than the runs that read them, as in a real tree: a file
# written in the same second as it is read is always re-hashed (docs/ci.md).
touch -d '2020-01-01 00:00:00' "$dest"/*.c "$dest"/*.h
