#!/usr/bin/env python3
"""The one fastchess driver: scripts/match, sprt, selfplay and calibrate-elo call it, scripts/spsa imports it.

It owns what the five share: the engines (Vireo, and the opponents of scripts/opponents.tsv), the time
control, the opening book, the concurrency, the output files, and resuming an interrupted run.

    scripts/lib/fastchess.py --out PREFIX (--tc TC | --nodes N) --rounds N --games 1|2 --concurrency N
        [--book FILE] [--variant fischerandom] [--sprt "elo0=A elo1=B"] [--dry-run]
        --engine WHO [name=NAME] [option.K=V ...] --engine WHO [...] [-- extra fastchess args]
    scripts/lib/fastchess.py --path NAME      the binary of opponent NAME (its variable, else its default)
    scripts/lib/fastchess.py --engine-words WHO [name=NAME] [option.K=V ...]
                                              WHO's cmd=, args=, name= and option.K=V, one a line, after
                                              checking its binary (for cutechess-cli, which reads the same)
    scripts/lib/fastchess.py --book-file      BOOK, after checking it

WHO is `vireo` (the binary in VIREO, default ./vireo of the repository; a Windows build, *.exe, runs
through Wine), `vireo:PATH` (another build of Vireo, named VireoBase) or an opponent of
scripts/opponents.tsv, NAME<N> for that opponent limited to UCI_Elo N. Every engine plays with
Hash=16 and Threads=1 unless its options say otherwise.

Environment: FASTCHESS (the binary; fastchess is not part of this repository: build it from
Disservin/fastchess), BOOK (the openings, .pgn or .epd, taken in random order: required, the
repository has none; e.g. 8moves_v3.pgn of official-stockfish/books), CONCURRENCY (overrides the
caller's --concurrency), DRY_RUN=1 (as --dry-run: print the fastchess command, run nothing, need
neither fastchess nor the engines).

Output: PREFIX.pgn (the games), PREFIX.log (fastchess's warnings), PREFIX.config.json (fastchess's
own state, saved every 20 games and when it stops) and PREFIX.run.json (the command and the
engines' SHA-256, written here). Resuming: the same command again, with PREFIX.config.json present,
continues the run where it stopped (`fastchess -config file=PREFIX.config.json`), if the command and
the engines' binaries are those it started with; otherwise the driver refuses and says why. A run
that finished says so and plays nothing. To start afresh, move the PREFIX.* files away.
"""
import hashlib
import json
import os
import re
import shlex
import shutil
import sys

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPPONENTS = os.path.join(HERE, "scripts", "opponents.tsv")
COMMON_OPTIONS = {"Hash": "16", "Threads": "1"}
SPRT_SETTINGS = ["alpha=0.05", "beta=0.05", "model=normalized"]
BOOK_HELP = ("set BOOK to an opening file (.pgn or .epd); the repository ships none. The project's runs "
             "use 8moves_v3.pgn from github.com/official-stockfish/books (8moves_v3.pgn.zip, unzipped)")


class DriverError(Exception):
    pass


def opponents(path=OPPONENTS):
    """The opponents' table: name -> {env, default, args, label, options, how}."""
    table = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = [None if x == "-" else x for x in line.rstrip("\n").split("\t")]
            if len(fields) != 7:
                raise DriverError(f"{path}: not 7 tab-separated fields: {line.rstrip()!r}")
            name, env, default, args, label, options, how = fields
            opts = dict(o.split("=", 1) for o in options.split(";")) if options else {}
            table[name] = {"env": env, "default": default, "args": args, "label": label, "options": opts, "how": how}
    return table


def engine(cmd, name, options=None, args=None, missing=None):
    """One engine: its command, name, UCI options (after Hash=16, Threads=1) and what to say when cmd is absent."""
    return {"cmd": cmd, "args": args, "name": name, "options": dict(COMMON_OPTIONS, **(options or {})),
            "missing": missing or f"no {name} at {cmd}"}


def vireo(path=None, name=None):
    path = path or os.environ.get("VIREO") or os.path.join(HERE, "vireo")
    if path.endswith(".exe"):  # the Windows build, through Wine
        return engine("wine", name or "Vireo-Windows", args=os.path.realpath(path),
                      missing=f"no Wine, or no Windows build at {path} (make windows; VIREO)")
    return engine(path, name or "Vireo", missing=f"no Vireo at {path} (make, or set VIREO)")


def opponent_path(name, table=None):
    row = (table or opponents()).get(name)
    if row is None:
        raise DriverError(f"unknown opponent {name} (scripts/opponents.tsv has {', '.join(opponents())})")
    path = os.environ.get(row["env"]) or row["default"]
    if not path:
        raise DriverError(f"set {row['env']} to {row['label']}'s binary ({row['how']})")
    return path


def resolve(who):
    """An engine named as the callers name it: vireo, vireo:PATH, an opponent, or an opponent with an Elo."""
    if who == "vireo":
        return vireo()
    if who.startswith("vireo:"):
        return vireo(who[len("vireo:"):], "VireoBase")
    table = opponents()
    m = re.fullmatch(r"(.*?)(\d+)", who)
    base, elo = (m.group(1), m.group(2)) if m and who not in table and m.group(1) in table else (who, None)
    path = opponent_path(base, table)
    row = table[base]
    options = dict(row["options"])
    label = row["label"]
    if elo:
        options.update(UCI_LimitStrength="true", UCI_Elo=elo)
        label += f"-Elo{elo}"
    return engine(path, label, options, row["args"],
                  missing=f"no {row['label']} at {path}: set {row['env']} ({row['how']})")


def book_file(override=None):
    book = override or os.environ.get("BOOK")
    if not book:
        raise DriverError(BOOK_HELP)
    if not os.path.isfile(book):
        raise DriverError(f"opening book not found: {book} ({BOOK_HELP})")
    return book


def engine_words(e):
    words = ["-engine", f"cmd={e['cmd']}"] + ([f"args={e['args']}"] if e["args"] else []) + [f"name={e['name']}"]
    return words + [f"option.{k}={v}" for k, v in e["options"].items()]


def command(engines, limit, book, rounds, games, concurrency, out, sprt=None, variant=None,
            srand=None, config=True, extra=()):
    """The fastchess command line. limit: "tc=5+0.05" or "nodes=5000"; out: the prefix of the files."""
    cmd = [os.environ.get("FASTCHESS") or "fastchess"]
    if variant:
        cmd += ["-variant", variant]
    for e in engines:
        cmd += engine_words(e)
    cmd += ["-each", limit]
    cmd += ["-openings", f"file={book}", f"format={'epd' if book.endswith('.epd') else 'pgn'}", "order=random"]
    if srand is not None:
        cmd += ["-srand", str(srand)]
    cmd += ["-rounds", str(rounds), "-games", str(games)] + (["-repeat"] if games == 2 else [])
    cmd += ["-concurrency", str(concurrency), "-recover"]
    if sprt:
        cmd += ["-sprt"] + sprt.split() + SPRT_SETTINGS
    cmd += ["-pgnout", f"file={out}.pgn", "-log", f"file={out}.log", "level=warn"]
    if config:
        cmd += ["-config", f"outname={out}.config.json"]
    return cmd + list(extra)


def check_engines(engines):
    for e in engines:
        found = shutil.which(e["cmd"]) if os.sep not in e["cmd"] else (os.access(e["cmd"], os.X_OK) and e["cmd"])
        if not found or (e["args"] and os.sep in e["args"] and not os.path.isfile(e["args"])):
            raise DriverError(e["missing"])


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def binaries(engines):
    """SHA-256 of every engine file: a resumed run must play the builds it started with."""
    files = []
    for e in engines:
        files += [p for p in (e["cmd"], e["args"]) if p and os.sep in p and os.path.isfile(p)]
    return {p: sha256_of(p) for p in files}


def progress(config_file):
    """(games played, games planned or None for an SPRT, "A vs B: +W -L =D") from fastchess's saved state."""
    try:
        with open(config_file) as f:
            saved = json.load(f)
    except (OSError, ValueError):
        return None, None, "unreadable"
    stats = saved.get("stats", {})  # {"A vs B": {"wins": W, "losses": L, "draws": D, ...}}
    played = sum(pair.get(k, 0) for pair in stats.values() for k in ("wins", "losses", "draws"))
    planned = None if saved.get("sprt", {}).get("enabled") else saved.get("rounds", 0) * saved.get("games", 0)
    score = "; ".join(f"{key}: +{p.get('wins', 0)} -{p.get('losses', 0)} ={p.get('draws', 0)}" for key, p in stats.items())
    return played, planned, score


def start_or_resume(cmd, engines, out, dry_run=False):
    """The command to run: cmd for a new run, `-config file=` for one to continue (after the checks)."""
    config, run = f"{out}.config.json", f"{out}.run.json"
    if not os.path.exists(config):
        if not dry_run:
            for f in (f"{out}.pgn", f"{out}.log"):
                if os.path.exists(f):
                    raise DriverError(f"{f} is from an earlier run that left no {config}: move {out}.* away "
                                      "(or choose another output name) to start a new run")
            check_engines(engines)
            with open(run, "w") as f:
                json.dump({"command": cmd[1:], "binaries": binaries(engines)}, f, indent=1)
                f.write("\n")
        return cmd
    try:
        with open(run) as f:
            saved = json.load(f)
    except (OSError, ValueError):
        raise DriverError(f"{config} exists but {run} does not say how it started: move {out}.* away "
                          "to start a new run") from None
    if saved["command"] != cmd[1:]:
        old, new = saved["command"], cmd[1:]
        diff = [f"{old[i - 1] + ' ' if i and old[i - 1].startswith('-') else ''}{old[i]} (now {new[i]})"
                for i in range(min(len(old), len(new))) if old[i] != new[i]]
        raise DriverError(f"{config} is a run of another command ({'; '.join(diff[:3]) or 'other arguments'}): "
                          f"rerun its command ({run}) to continue it, or move {out}.* away to start this one")
    if not dry_run:
        check_engines(engines)
        now = binaries(engines)
        for path, digest in saved["binaries"].items():
            if now.get(path) != digest:
                raise DriverError(f"{path} is not the binary {config} started with (SHA-256 changed): a run "
                                  f"plays the same builds to its end; move {out}.* away to start afresh")
    played, planned, score = progress(config)
    if planned is not None and played >= planned:
        print(f"fastchess: {config} is a finished run ({played} of {planned} games; {score}): nothing to play; "
              f"move {out}.* away to play it again", file=sys.stderr, flush=True)
        return None
    print(f"fastchess: resuming {config} ({played} games played; {score})", file=sys.stderr, flush=True)
    return [cmd[0], "-config", f"file={config}"]


def execute(cmd, dry_run):
    if cmd is None:  # a finished run
        return 0
    if dry_run:
        print(shlex.join(cmd), flush=True)
        return 0
    if not (os.sep in cmd[0] and os.access(cmd[0], os.X_OK)) and not shutil.which(cmd[0]):
        raise DriverError(f"set FASTCHESS to the fastchess binary (not found: {cmd[0]}); "
                          "build it from github.com/Disservin/fastchess with make")
    sys.stdout.flush()
    os.execvp(cmd[0], cmd)


def parse(argv):
    """The command line above: flags, then repeated --engine WHO words, then -- extra."""
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    opts, engines, i = {"dry-run": os.environ.get("DRY_RUN", "") not in ("", "0")}, [], 0
    while i < len(argv):
        flag = argv[i]
        if flag == "--dry-run":
            opts["dry-run"] = True
            i += 1
        elif flag == "--engine":
            j = i + 2
            while j < len(argv) and not argv[j].startswith("--"):
                j += 1
            engines.append((argv[i + 1], argv[i + 2:j]))
            i = j
        elif flag in ("--out", "--tc", "--nodes", "--rounds", "--games", "--concurrency", "--book", "--variant",
                      "--sprt") and i + 1 < len(argv):
            opts[flag[2:]] = argv[i + 1]
            i += 2
        else:
            raise DriverError(f"unknown argument {flag} (see the head of {__file__})")
    return opts, engines, extra


def with_words(e, words):
    for w in words:
        key, _, value = w.partition("=")
        if key == "name":
            e["name"] = value
        elif key.startswith("option.") and _:
            e["options"][key[len("option."):]] = value
        else:
            raise DriverError(f"an engine takes name=NAME or option.K=V, not {w}")
    return e


def main(argv):
    if argv[:1] == ["--path"] and len(argv) == 2:
        print(opponent_path(argv[1]))
        return 0
    if argv[:1] == ["--engine-words"] and len(argv) >= 2:
        e = with_words(resolve(argv[1]), argv[2:])
        check_engines([e])
        print("\n".join(engine_words(e)[1:]))
        return 0
    if argv == ["--book-file"]:
        print(book_file())
        return 0
    opts, who, extra = parse(argv)
    for need in ("out", "rounds", "games", "concurrency"):
        if need not in opts:
            raise DriverError(f"--{need} is required")
    if ("tc" in opts) == ("nodes" in opts):
        raise DriverError("give --tc or --nodes")
    engines = [with_words(resolve(w), words) for w, words in who]
    concurrency = os.environ.get("CONCURRENCY") or opts["concurrency"]
    if not concurrency.isdigit() or int(concurrency) < 1:
        raise DriverError(f"CONCURRENCY must be a positive number, not {concurrency}")
    limit = f"tc={opts['tc']}" if "tc" in opts else f"nodes={opts['nodes']}"
    cmd = command(engines, limit, book_file(opts.get("book")), opts["rounds"], int(opts["games"]), concurrency,
                  opts["out"], sprt=opts.get("sprt"), variant=opts.get("variant"), extra=extra)
    return execute(start_or_resume(cmd, engines, opts["out"], opts["dry-run"]), opts["dry-run"])


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except DriverError as e:
        print(f"{os.path.basename(sys.argv[0])}: {e}", file=sys.stderr)
        sys.exit(2)
