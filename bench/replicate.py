"""Copies of a real run's summaries under other names, for bench/scale: copy
c of a translation unit is the same code in other files, so that a run of N
units can be made from a real run of fewer.

What a copy renames, in every field of SummaryJson.cpp that names it:
  - files that are not headers: dir/name.c becomes dir/name__copyC.c (the
    files table, main_file, static storage "name.c@var");
  - functions defined outside headers: key "f" becomes "copyC@f", a static
    one's "dir/name.c@f" follows its file (callee keys, fn_args, joins'
    targets, hints, flows, and the function slots param:, ret:, var:KEY:);
  - global variables' pointer slots: "var:v" becomes "var:v__copyC".
What a copy keeps, as every unit shares it:
  - headers, and the functions defined in them (static inlines: the same key
    in every unit, one function for the run);
  - functions no unit of the base defines (the rest of the kernel);
  - function names: the kernel model knows entry points, callbacks and
    registration functions by name (do_syscall_64, request_threaded_irq);
    the key after its last '@' stays the name, as CallTargets reads it;
  - structure fields' slots ("field:file_operations.read"): every copy's
    callbacks land in the same slot, as a bigger tree's would;
  - work items and queues named by global variables (system_unbound_wq is
    in the kernel model), and per-CPU variables.
Copy 0 is the original, unchanged."""
import os
import re

ANONYMOUS = re.compile(r"\(anonymous at (.*?):(\d+):(\d+)\)")


def is_shared_file(path):
    return path.endswith(".h") or path.startswith("<") or not path


def own_function_keys(summaries):
    """Keys of the functions the base defines outside headers, without '@'
    (external ones: static keys are renamed by their file)."""
    keys = set()
    for s in summaries:
        files = s.get("files", [])
        for f in s.get("functions", []):
            if "@" not in f["key"] and not is_shared_file(files[f["at"][0]]):
                keys.add(f["key"])
    return keys


class Renamer:
    """The names of copy `copy` (>= 1) of the base whose own external
    function keys are own_keys."""

    def __init__(self, copy, own_keys):
        self.tag, self.own_keys = f"copy{copy}", own_keys
        self.paths = {}

    def path(self, p):
        if is_shared_file(p):
            return p
        r = self.paths.get(p)
        if r is None:
            root, ext = os.path.splitext(p)
            r = self.paths[p] = f"{root}__{self.tag}{ext}"
        return r

    def key(self, k):
        if "@" in k:
            where, name = k.rsplit("@", 1)
            return self.path(where) + "@" + name
        return f"{self.tag}@{k}" if k in self.own_keys else k

    def storage(self, s):
        """A StorageName: "struct x.f" and globals stay, "file.c@v" follows
        its file (by base name, as WorkQueues.cpp names it)."""
        if "@" not in s or s.startswith("struct "):
            return s
        base, name = s.rsplit("@", 1)
        return os.path.basename(self.path(base)) + "@" + name

    def slot(self, s):
        kind, _, rest = s.partition(":")
        if kind == "param":
            function, _, index = rest.rpartition("#")
            return f"param:{self.key(function)}#{index}"
        if kind == "ret":
            return "ret:" + self.key(rest)
        if kind == "var":
            if ":" in rest:  # a function's local: var:KEY:name
                function, _, name = rest.rpartition(":")
                return f"var:{self.key(function)}:{name}"
            if "@" in rest:  # a file's static: var:FILE@name
                return "var:" + self.key(rest)
            return f"var:{rest}__{self.tag}"
        if kind == "call":  # call:FILE:LINE:COL:LINE:COL
            where, *place = rest.rsplit(":", 4)
            return ":".join(["call", self.path(where), *place])
        if kind == "field":
            return ANONYMOUS.sub(lambda m: f"(anonymous at {self.path(m[1])}:{m[2]}:{m[3]})", s)
        return s

    def summary(self, s):
        """A renamed copy of summary s (parsed JSON); s is not changed."""
        out = dict(s)
        out["main_file"] = self.path(s["main_file"])
        out["files"] = [self.path(p) for p in s.get("files", [])]
        if "functions" in s:
            out["functions"] = [self.function(f) for f in s["functions"]]
        if "hints" in s:
            out["hints"] = [dict(h, function_key=self.key(h["function_key"]),
                                 **({"work_item": self.storage(h["work_item"])} if "work_item" in h else {}))
                            for h in s["hints"]]
        if "queueings" in s:
            out["queueings"] = [dict(q, work=self.storage(q["work"]), queue=self.storage(q["queue"]))
                                for q in s["queueings"]]
        if "allocations" in s:
            out["allocations"] = [dict(a, queue=self.storage(a["queue"])) for a in s["allocations"]]
        if "flows" in s:
            out["flows"] = [self.flow(f) for f in s["flows"]]
        return out

    def function(self, f):
        out = dict(f, key=self.key(f["key"]))
        if "calls" in f:
            out["calls"] = [self.call(c) for c in f["calls"]]
        if "joins" in f:
            out["joins"] = [{"slot": self.slot(j["slot"]), "targets": sorted(self.key(t) for t in j["targets"])}
                            for j in f["joins"]]
        return out

    def call(self, c):
        out = dict(c, callee_key=self.key(c["callee_key"]) if c["callee_key"] else "")
        if "through" in c:
            out["through"] = self.slot(c["through"])
        if "fn_args" in c:
            out["fn_args"] = [[arg, self.key(k)] for arg, k in c["fn_args"]]
        return out

    def flow(self, f):
        out = dict(f, to=self.slot(f["to"]))
        if f["from"] == "function":
            out["key"] = self.key(f["key"])
        elif f["from"] == "slot":
            out["key"] = self.slot(f["key"])
        return out
