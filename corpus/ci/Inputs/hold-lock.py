#!/usr/bin/env python3
"""hold-lock.py DB CMD...: runs CMD while another connection holds DB's
write lock (as a concurrent kharden storing a result would), and exits with
CMD's status."""
import sqlite3
import subprocess
import sys

db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
status = subprocess.call(sys.argv[2:])
db.execute("ROLLBACK")
sys.exit(status)
