#!/bin/sh
# read-only.sh DIR CMD...: runs CMD with DIR not writable to it, and exits
# with CMD's status. As root (whom permissions do not stop) CMD runs as
# nobody, for whom a directory root owns is read-only.
set -u
dir=$1
shift
chmod a-w "$dir"
if [ "$(id -u)" -eq 0 ]; then
  chmod -R a+rX "$dir"
  setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
else
  "$@"
fi
status=$?
chmod u+w "$dir"
exit $status
