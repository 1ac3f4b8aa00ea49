"""Reading and writing kharden's summary databases from the benchmarks, as
kharden itself does (checkers/ci/SummaryStore*.cpp, docs/ci.md): summaries
are zstd-compressed JSON in table `tu`, each with the XXH3-128 hash of its
stored bytes (from format PIECES_FORMAT on, the JSON in pieces, one a line);
a run is recorded in `run` and `meta`. zstd and XXH3 come from
the system's libzstd and libxxhash (Debian's libzstd1 and libxxhash0), the
libraries LLVM's own implementations agree with."""
import ctypes
import ctypes.util
import json
import sqlite3

APPLICATION_ID = 0x6B686462  # 'khdb' (SummaryStoreDetail.h)
SCHEMA_VERSION = 2
PLAIN_JSON, ZSTD_JSON = 0, 1
# From this summary format on a summary is stored in pieces, one JSON
# document a line (SummaryJson.h, summaryToPieces()): the unit's header with
# "pieces", the element counts of these arrays, then their elements in order.
PIECES_FORMAT = 23
PIECE_ARRAYS = ("functions", "hints", "queueings", "allocations", "flows")
ZSTD_LEVEL = 1  # llvm::compression::zstd::BestSpeedCompression


class FormatError(Exception):
    """The file is not a kharden summary database this script can read."""


def _library(name, soname):
    try:
        return ctypes.CDLL(ctypes.util.find_library(name) or soname)
    except OSError:
        raise FormatError(f"cannot load {soname} (install Debian's lib{name})") from None


class _Hash128(ctypes.Structure):
    _fields_ = [("low64", ctypes.c_uint64), ("high64", ctypes.c_uint64)]


class Codecs:
    """zstd and XXH3 through ctypes: no Python package needed."""

    def __init__(self):
        z = _library("zstd", "libzstd.so.1")
        x = _library("xxhash", "libxxhash.so.0")
        size = ctypes.c_size_t
        z.ZSTD_compressBound.restype = size
        z.ZSTD_compressBound.argtypes = [size]
        z.ZSTD_compress.restype = size
        z.ZSTD_compress.argtypes = [ctypes.c_void_p, size, ctypes.c_char_p, size, ctypes.c_int]
        z.ZSTD_decompress.restype = size
        z.ZSTD_decompress.argtypes = [ctypes.c_void_p, size, ctypes.c_char_p, size]
        z.ZSTD_isError.restype = ctypes.c_uint
        z.ZSTD_isError.argtypes = [size]
        x.XXH3_128bits.restype = _Hash128
        x.XXH3_128bits.argtypes = [ctypes.c_char_p, size]
        x.XXH3_64bits.restype = ctypes.c_uint64
        x.XXH3_64bits.argtypes = [ctypes.c_char_p, size]
        self.z, self.x = z, x

    def hash128(self, data):
        """ContentHash::of(): low 64 bits then high 64 bits, little-endian."""
        h = self.x.XXH3_128bits(data, len(data))
        return h.low64.to_bytes(8, "little") + h.high64.to_bytes(8, "little")

    def hash64(self, data):
        return self.x.XXH3_64bits(data, len(data))

    def compress(self, data):
        cap = self.z.ZSTD_compressBound(len(data))
        out = ctypes.create_string_buffer(cap)
        n = self.z.ZSTD_compress(out, cap, data, len(data), ZSTD_LEVEL)
        if self.z.ZSTD_isError(n):
            raise RuntimeError("zstd compression failed")
        return out.raw[:n]

    def decompress(self, data, raw_size):
        out = ctypes.create_string_buffer(max(raw_size, 1))
        n = self.z.ZSTD_decompress(out, raw_size, data, len(data))
        if self.z.ZSTD_isError(n) or n != raw_size:
            raise FormatError("a summary does not decompress to its raw_size")
        return out.raw[:n]


def shard_of(codecs, key, count):
    """The shard (1..count) of a unit whose shard key (its path relative to
    the build directory, else absolute) is key: ShardSpec::contains()."""
    return codecs.hash64(key.encode()) % count + 1


def selection_hash(codecs, files):
    """ContentHash::ofParts(files).hex(): what `meta.selection` holds."""
    data = b"".join(str(len(f.encode())).encode() + b":" + f.encode() for f in files)
    return codecs.hash128(data).hex()


class BaseRun:
    """The last complete run of a database written by `kharden check --db`:
    its meta values and, per unit in run order, the `tu` row and summary."""

    def __init__(self, path, codecs):
        self.path, self.codecs = path, codecs
        try:
            self.db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
            app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as e:
            raise FormatError(f"not an SQLite database ({e})") from None
        if app_id != APPLICATION_ID:
            raise FormatError(f"not a kharden summary database (application_id {app_id:08x})")
        if version != SCHEMA_VERSION:
            raise FormatError(f"a kharden summary database of schema {version}, not {SCHEMA_VERSION}")
        try:
            self.meta = dict(self.db.execute("SELECT key, value FROM meta"))
            self.files = [f for f, in self.db.execute("SELECT file FROM run ORDER BY position")]
            self.schema = [s for s, in self.db.execute(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")]
            self.versions = self.db.execute("SELECT * FROM file_version").fetchall()
        except sqlite3.Error as e:
            raise FormatError(f"damaged: {e}") from None
        if self.meta.get("run_state") != "complete":
            raise FormatError("holds no complete run")
        if self.meta.get("shard") != "1/1":
            raise FormatError(f"holds shard {self.meta.get('shard')} of a run, not a whole run")
        if not self.files:
            raise FormatError("its last run has no translation units")

    def raw_sizes(self):
        """Each unit's summary size (uncompressed bytes), in run order."""
        return [n for n, in self.db.execute(
            "SELECT tu.raw_size FROM run JOIN tu USING(file) ORDER BY run.position")]

    def rows(self):
        """(row, summary) per unit in run order; row is the `tu` row as a
        dict, summary the parsed JSON, checked against its stored hash."""
        cur = self.db.execute("SELECT tu.* FROM run JOIN tu USING(file) ORDER BY run.position")
        names = [d[0] for d in cur.description]
        count = 0
        for values in cur:
            row = dict(zip(names, values))
            yield row, self.summary(row)
            count += 1
        if count != len(self.files):
            raise FormatError(f"its last run lists {len(self.files)} units, {count} stored")

    def summary(self, row):
        blob = row["summary"]
        if self.codecs.hash128(blob) != row["summary_hash"]:
            raise FormatError(f"the summary of {row['file']} does not match its hash")
        if row["codec"] == ZSTD_JSON:
            raw = self.codecs.decompress(blob, row["raw_size"])
        elif row["codec"] == PLAIN_JSON:
            raw = blob
        else:
            raise FormatError(f"the summary of {row['file']} has an unknown encoding")
        try:
            summary = parse_summary(raw)
        except ValueError as e:
            raise FormatError(f"the summary of {row['file']} is unreadable ({e})") from None
        if summary.get("format") != int(self.meta.get("format", -1)):
            raise FormatError(f"the summary of {row['file']} has format {summary.get('format')}")
        return summary


def _dumps(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def parse_summary(raw):
    """A stored summary as the one object of summaryToJson(), whether it was
    stored whole (formats before PIECES_FORMAT) or in pieces."""
    head, _, rest = raw.partition(b"\n")
    summary = json.loads(head)
    counts = summary.pop("pieces", None)
    if counts is None:
        return summary
    lines = rest.split(b"\n")
    if lines.pop() != b"":
        raise ValueError("its last piece ends no line")
    if sum(counts.get(k, 0) for k in PIECE_ARRAYS) != len(lines):
        raise ValueError(f"its header counts {sum(counts.values())} pieces, {len(lines)} follow")
    at = 0
    for key in PIECE_ARRAYS:
        n = counts.get(key, 0)
        if n:
            summary[key] = [json.loads(line) for line in lines[at:at + n]]
        at += n
    return summary


def dump_summary(summary):
    """summary (one object) as kharden stores a summary of its format."""
    if summary.get("format", 0) < PIECES_FORMAT:
        return _dumps(summary)
    header = {k: v for k, v in summary.items() if k not in PIECE_ARRAYS}
    header["pieces"] = {k: len(summary.get(k, ())) for k in PIECE_ARRAYS}
    return "".join([_dumps(header) + "\n"]
                   + [_dumps(e) + "\n" for k in PIECE_ARRAYS for e in summary.get(k, ())])


def encode_row(codecs, row, summary):
    """row (a `tu` row) with summary stored as `kharden check` stores it."""
    raw = dump_summary(summary).encode()
    blob = codecs.compress(raw)
    return dict(row, file=summary["main_file"], summary=blob, codec=ZSTD_JSON,
                raw_size=len(raw), summary_hash=codecs.hash128(blob))


TU_COLUMNS = ("file", "command", "config", "ran", "errors", "first_error", "reads",
              "summary", "codec", "raw_size", "summary_hash")


def create(path, base):
    """A new, empty database with base's schema, identity and file versions."""
    db = sqlite3.connect(path)
    with db:
        for sql in base.schema:
            db.execute(sql)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        if base.versions:
            marks = ",".join("?" * len(base.versions[0]))
            db.executemany(f"INSERT INTO file_version VALUES({marks})", base.versions)
    return db


def finish_run(db, base, shard, selection, size, entries):
    """Records the run as SummaryStore::finishRun() does: entries are
    (file, position) of this shard's units."""
    with db:
        db.executemany("INSERT INTO run(file, position) VALUES(?, ?)", entries)
        meta = {"shard": shard, "selection": selection, "selection_size": str(size),
                "kharden": base.meta["kharden"], "model": base.meta["model"],
                "format": base.meta["format"], "run_state": "complete"}
        db.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", meta.items())
