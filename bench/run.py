"""make bench: installs the peers and the corpus, runs the standard workload with thumbgen and
its peers interleaved, checks every tool's output, and prints and saves the tables.

Environment:
  BENCH_QUICK=1            8 JPEGs + 6 PNGs, 1 round, smaller side sections (under two minutes)
  BENCH_ROUNDS=N           rounds (default 3; 1 when quick)
  BENCH_TOOLS=a,b          only these tools (thumbgen, thumbgen-j1, pillow, pyvips, vipsthumbnail,
                           im-tuned, im-plain, gm); ratios need thumbgen among them; "none": no
                           interleaved rounds, only the side sections (BENCH_TOOLS=none
                           BENCH_SECTIONS=stoprule runs that one section alone)
  BENCH_SETS=jpeg,png      only these sets
  BENCH_SECTIONS=a,b       side sections to run: floor, psnr, noop, memory, shards, webp, avif, stoprule,
                           heic, cache, profile, constants, library (default all; "none")
  BENCH_LIBRARY_SIZES=a,b  the library section's sizes (default 10000,30000,100000; 2000,5000 when quick)
  BENCH_CORPUS=DIR         run everything on the JPEGs and PNGs of DIR instead of the default corpus
                           (`make bench-unseen` fetches an unseen one: bench/unseen.py)
  BENCH_CORPUS_DIRS=a:b    several folders (default the wallpaper folders)
  THUMBGEN=path            the binary (default .build/release/thumbgen)

A standard full run writes bench/results/latest.{md,json} (unseen.{md,json} on the unseen corpus);
any other run writes .build/bench/results/{quick,partial}.{md,json}, so a partial run never
replaces the quoted tables.
"""
import collections
import datetime
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import traceback

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH_DIR)

import cache  # noqa: E402
import check  # noqa: E402
import constants  # noqa: E402
import corpus  # noqa: E402
import floor  # noqa: E402
import library  # noqa: E402
import heic  # noqa: E402
import install  # noqa: E402
import modern  # noqa: E402
import stages  # noqa: E402
import stoprule  # noqa: E402
import quality  # noqa: E402
import report  # noqa: E402
import sections  # noqa: E402
import shards  # noqa: E402
import unseen  # noqa: E402
from measure import memory_note, run_workers, whole_medians, whole_text  # noqa: E402
from tools import PEER_ENV, all_tools  # noqa: E402

ROOT = os.path.dirname(BENCH_DIR)
SCRATCH = os.path.join(ROOT, ".build", "bench")
ALL_SECTIONS = ["floor", "psnr", "noop", "memory", "shards", "cache", "webp", "avif", "stoprule", "heic", "profile",
                "constants", "library"]


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def settings():
    quick = os.environ.get("BENCH_QUICK", "") not in ("", "0")
    tools = all_tools()
    wanted = [t.strip() for t in os.environ.get("BENCH_TOOLS", "").split(",") if t.strip()]
    if wanted == ["none"]:  # the side sections alone
        tools = []
    unknown = set(wanted) - {t.key for t in tools} - {"none"}
    if unknown:
        sys.exit(f"bench: unknown tool(s) in BENCH_TOOLS: {', '.join(sorted(unknown))}; "
                 f"known: {', '.join(t.key for t in tools)}")
    sections_env = [s.strip() for s in os.environ.get("BENCH_SECTIONS", ",".join(ALL_SECTIONS)).split(",") if s.strip()]
    listed = {s.strip() for s in os.environ.get("BENCH_SETS", "jpeg,png").split(",") if s.strip()}
    sets = [s for s in ("jpeg", "png") if s in listed]
    if not sets or listed - {"jpeg", "png"}:
        sys.exit(f"bench: BENCH_SETS={os.environ.get('BENCH_SETS', '')!r}: the sets are jpeg and png "
                 f"(the WebP, AVIF and HEIC workloads are sections: BENCH_SECTIONS=webp,avif,heic)")
    unknown_sections = set(sections_env) - set(ALL_SECTIONS) - {"none"}
    if unknown_sections:
        sys.exit(f"bench: unknown section(s) in BENCH_SECTIONS: {', '.join(sorted(unknown_sections))}; "
                 f"known: {', '.join(ALL_SECTIONS)}, none")
    return {
        "quick": quick,
        "rounds": int(os.environ.get("BENCH_ROUNDS", "1" if quick else "3")),
        "tools": [t for t in tools if not wanted or t.key in wanted],
        "sets": sets,
        "sections": [s for s in ALL_SECTIONS if s in sections_env],
        "corpus_dirs": corpus_dirs(),
        "synthetic": 1000,
        "merge_entries": 2000 if quick else 10_000,
        "noop_reps": 3 if quick else 5,
        "memory_reps": 1 if quick else 3,
        "library_sizes": [int(n) for n in os.environ.get("BENCH_LIBRARY_SIZES", "2000,5000" if quick else "10000,30000,100000").split(",")],
    }


def corpus_dirs():
    """BENCH_CORPUS (one folder), else BENCH_CORPUS_DIRS (several), else the wallpaper folders."""
    if os.environ.get("BENCH_CORPUS"):
        folder = os.path.abspath(os.environ["BENCH_CORPUS"])
        if not os.path.isdir(folder):
            sys.exit(f"bench: BENCH_CORPUS={folder} is not a folder")
        return [folder]
    return [os.path.abspath(d) for d in os.environ.get("BENCH_CORPUS_DIRS", "").split(":") if d] or corpus.SOURCE_DIRS


def corpus_store(dirs):
    """Where a corpus is copied: the default one in corpus/, any other in a folder of its own, so
    that switching corpora does not throw the other's copy away."""
    if dirs == corpus.SOURCE_DIRS:
        return os.path.join(SCRATCH, "corpus")
    tag = hashlib.sha256("\n".join(dirs).encode()).hexdigest()[:8]
    return os.path.join(SCRATCH, f"corpus-{os.path.basename(dirs[0].rstrip('/'))}-{tag}")


def prepare(conf):
    """Installs what is missing, builds thumbgen if needed, builds the corpus; returns ctx, images."""
    install.apt_install(install.APT_PACKAGES)
    python = install.venv_python(os.path.join(ROOT, ".build", "bench-venv"))
    thumbgen = os.path.abspath(os.environ.get("THUMBGEN", os.path.join(ROOT, ".build", "release", "thumbgen")))
    if "THUMBGEN" not in os.environ:  # `make bench` has built it already
        log("building thumbgen (release)")
        subprocess.run(["swift", "build", "-c", "release", "--product", "thumbgen"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    if not os.access(thumbgen, os.X_OK):
        sys.exit(f"bench: no thumbgen binary at {thumbgen}")
    install.venv_extras(python)
    ctx = {"python": python, "thumbgen": thumbgen, "bench_dir": BENCH_DIR, "scratch": SCRATCH,
           "clients": os.path.join(ROOT, "Clients")}
    ctx["versions"] = report.versions(ctx)
    ctx["versions_key"] = json.dumps(ctx["versions"], sort_keys=True)
    entries = corpus.build(corpus_store(conf["corpus_dirs"]), python, os.path.join(BENCH_DIR, "peers", "probe.py"),
                           conf["corpus_dirs"])
    images = corpus.quick_subset(entries) if conf["quick"] else entries
    images = [i for i in images if i["format"] in conf["sets"]]
    return ctx, entries, images


def run_rounds(conf, ctx, images):
    """Every (round, set, tool) run, interleaved; returns {set: {tool: [run, ...]}} and floor runs."""
    env = dict(os.environ, **PEER_ENV)
    runs = collections.defaultdict(lambda: collections.defaultdict(list))
    floors = []
    tools = conf["tools"]
    for r in range(conf["rounds"]):
        sets = conf["sets"][r % len(conf["sets"]):] + conf["sets"][:r % len(conf["sets"])]
        for kind in sets:
            members = [i for i in images if i["format"] == kind]
            order = tools[r % len(tools):] + tools[:r % len(tools)] if tools else []
            for tool in order:
                out = os.path.join(SCRATCH, "out", tool.key, kind)
                shutil.rmtree(out, ignore_errors=True)
                commands = tool.commands(members, out, ctx)
                figures = run_workers(commands, os.path.join(SCRATCH, "runs", tool.key, kind), env)
                figures["check"] = check.check(members, tool.renditions(members, out))
                runs[kind][tool.key].append(figures)
                log(f"round {r + 1}/{conf['rounds']} {kind:4} {tool.label:22} {figures['wall']:7.2f} s wall "
                    f"{figures['cpu']:7.2f} s CPU {figures['rss_mb']:6.0f} MB {whole_text(figures)}  "
                    f"others {figures['others_cores']:.1f} cores  "
                    f"{check.summary(figures['check'])}")
        if "floor" in conf["sections"]:
            floors.append(floor.measure_round(images))
            log(f"round {r + 1}/{conf['rounds']} floor " +
                ", ".join(f"{k} {v:.2f} s" for k, v in floors[-1].items()))
    return runs, floors


def aggregate(conf, images, runs):
    """Medians per (set, tool); the output check of the worst round."""
    sets = {}
    for kind, by_tool in runs.items():
        members = [i for i in images if i["format"] == kind]
        rows = {}
        for key, tool_runs in by_tool.items():
            worst = max(tool_runs, key=lambda f: (f["check"]["missing"] + f["check"]["wrong"], f["check"]["off_by_one"]))
            wall = statistics.median(f["wall"] for f in tool_runs)
            failed = sum(f["failed"] for f in tool_runs)
            text = check.summary(worst["check"])
            if failed:
                text += f"; {failed} process(es) exited non-zero"
            rows[key] = {
                "wall": wall, "walls": [f["wall"] for f in tool_runs],
                "cpu": statistics.median(f["cpu"] for f in tool_runs), "cpus": [f["cpu"] for f in tool_runs],
                "rss_mb": statistics.median(f["rss_mb"] for f in tool_runs),
                "rss_mbs": [f["rss_mb"] for f in tool_runs],
                **whole_medians(tool_runs),
                "others_cores": statistics.median(f["others_cores"] for f in tool_runs),
                "images_per_s": len(members) / wall if wall else 0,
                "processes": tool_runs[-1]["processes"], "failed": failed,
                "check": worst["check"], "check_text": text, "complete": check.complete(worst["check"]),
            }
        sets[kind] = {"images": len(members), "rounds": len(next(iter(by_tool.values()))), "tools": rows}
    return sets


def floor_record(images, floors, sets):
    if not floors:
        return None
    jpegs = [i for i in images if i["format"] == "jpeg"]
    pngs = [i for i in images if i["format"] == "png"]
    files = {"djpeg 1/8": len(jpegs), "djpeg at needed scale": len(jpegs), "djpeg full scale": len(jpegs),
             "PNG inflate (zlib)": len(pngs)}
    record = {"cpu": {name: {"files": files[name], "cpu": statistics.median(f[name] for f in floors)}
                      for name in floors[0]},
              "scales": dict(collections.Counter(floor.needed_eighths(i) for i in jpegs))}
    thumbgen = sets.get("jpeg", {}).get("tools", {}).get("thumbgen")
    needed = record["cpu"].get("djpeg at needed scale")
    if thumbgen and needed and thumbgen["complete"]:
        record["thumbgen_cpu"] = thumbgen["cpu"]
        record["thumbgen_ratio"] = thumbgen["cpu"] / needed["cpu"]
    return record


def main():
    started = time.time()
    conf = settings()
    ctx, entries, images = prepare(conf)
    described = corpus.describe(images)
    described["sources"] = conf["corpus_dirs"]
    if conf["quick"]:
        described["subset_note"] = f"; quick subset of the {len(entries)} images in the full corpus"
    log(f"corpus: {described['jpeg']['count']} JPEGs ({described['jpeg']['progressive']} progressive), "
        f"{described['png']['count']} PNGs; {conf['rounds']} round(s) of {', '.join(t.key for t in conf['tools'])}")
    for image in images:  # warm the page cache so that the first tool does not pay for the disk
        with open(image["path"], "rb") as f:
            f.read()

    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    runs, floors = run_rounds(conf, ctx, images)
    sets = aggregate(conf, images, runs)
    record = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "mode": "quick" if conf["quick"] else "full", "rounds": conf["rounds"],
        "machine": report.machine(), "versions": ctx["versions"], "corpus": described,
        "images": [{k: i[k] for k in ("name", "format", "width", "height", "orientation", "progressive",
                                       "megapixels", "source")} for i in images],
        "load_before": load_before, "memory_method": memory_note(), "sets": sets, "floor": floor_record(images, floors, sets),
    }

    tools_by_key = {t.key: t for t in conf["tools"]}
    jpegs = [i for i in images if i["format"] == "jpeg"]
    pngs = [i for i in images if i["format"] == "png"]

    def psnr():
        renditions = {key: {k: v for kind in conf["sets"]
                            for k, v in tools_by_key[key].renditions(
                                [i for i in images if i["format"] == kind],
                                os.path.join(SCRATCH, "out", key, kind)).items()}
                      for key in tools_by_key}
        record["quality"] = {
            "psnr": quality.psnr_table(images, renditions, os.path.join(SCRATCH, "psnr-references")),
            "png_bytes": {key: quality.png_bytes(images, r) for key, r in renditions.items()}
            if "png" in conf["sets"] else {},
        }

    def noop():
        record["noop"] = sections.noop_rebuilds(ctx, images, conf["synthetic"], conf["noop_reps"])

    def memory():
        record["memory"] = sections.memory(ctx, entries, conf["memory_reps"])

    def shard_section():
        reps = 1 if conf["quick"] else 3
        record["shards"] = {"parallel": shards.parallel_shards(ctx, jpegs, reps=reps),
                            "merge": shards.merge_time(ctx, jpegs, conf["merge_entries"], reps=reps)}

    def cache_section():
        # Crops of every corpus JPEG (the quick subset has too few for 1,000 distinct photos).
        record["cache"] = cache.shared_cache(ctx, [e for e in entries if e["format"] == "jpeg"],
                                             count=200 if conf["quick"] else 1000, reps=1 if conf["quick"] else 3)

    def modern_section(kind):
        def measure():
            record.setdefault("modern", {})[kind] = modern.measure(ctx, kind, jpegs, conf["rounds"])
        return measure

    def stoprule_section():
        record["stoprule"] = stoprule.measure(ctx, jpegs)

    def heic_section():
        record["heic"] = heic.measure(ctx, jpegs, conf["rounds"])

    def profile():
        workloads = [("JPEG", jpegs, ()), ("PNG", pngs, ())]
        workloads += [(name, jpegs, (kind,)) for name, kind in (("WebP", "webp"), ("AVIF", "avif"))]
        if jpegs:
            workloads.append(("HEIC", heic.convert(ctx, jpegs), ()))
        record["profile"] = stages.measure(ctx, [w for w in workloads if w[1]], conf["rounds"])

    def constant_section():
        record["constants"] = constants.measure(ctx, images, record)

    def library_section():
        record["library"] = library.measure(ctx, conf["library_sizes"], reps=1 if conf["quick"] else 3)

    side = [("psnr", "quality: PSNR of the 960×540 renditions, PNG bytes", psnr, bool(conf["tools"])),
            ("noop", "no-op rebuilds", noop, True),
            ("memory", "peak memory on huge originals", memory, True),
            ("shards", "shards: N processes against one, and merge time", shard_section, bool(jpegs)),
            ("cache", "cache: fresh clones with a warm shared cache against a cold build", cache_section, bool(jpegs))]
    side += [(kind, f"{kind}: thumbgen, Pillow, pyvips and the encoder alone at matched quality", modern_section(kind),
              bool(jpegs)) for kind in modern.KINDS]
    side += [("stoprule", "stoprule: each modern format from the largest rendition down, stopping at the first miss, "
              "against keeping every file under 90% of its fallback", stoprule_section, bool(jpegs))]
    side += [("heic", "heic: the JPEG photos as HEIC originals", heic_section, bool(jpegs)),
             ("profile", "profile: CPU seconds by stage, from thumbgen's own timers, per workload", profile, True),
             ("constants", "constants: the tuned constants checked on this corpus", constant_section, True),
             ("library", "library: many small originals in folders (cold, no-op, check, 100 changed, merge, clients)",
              library_section, True)]
    record["section_errors"] = {}
    for name, message, measure, applies in side:
        if name not in conf["sections"] or not applies:
            continue
        log(message)
        try:
            measure()
        except Exception as error:  # noqa: BLE001 — a side section's failure must not lose the run
            traceback.print_exc()
            record["section_errors"][name] = f"{type(error).__name__}: {error}"
            log(f"{name}: FAILED ({type(error).__name__}: {error}); the other sections go on")

    record["load_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    record["run_seconds"] = time.time() - started
    standard = (not conf["quick"] and conf["rounds"] >= 3 and len(conf["tools"]) == len(all_tools())
                and len(conf["sets"]) == 2 and conf["sections"] == ALL_SECTIONS and not record["section_errors"])
    named = {tuple(corpus.SOURCE_DIRS): "latest", (os.path.join(unseen.FOLDER, "images"),): "unseen"}
    stem = named.get(tuple(conf["corpus_dirs"])) if standard else None
    folder = os.path.join(BENCH_DIR, "results") if stem else os.path.join(SCRATCH, "results")
    stem = stem or ("quick" if conf["quick"] else "partial")
    text = report.write(record, conf["tools"], folder, stem)
    print(text)
    log(f"wrote {os.path.relpath(os.path.join(folder, stem), ROOT)}.md and .json in {record['run_seconds']:.0f} s")


if __name__ == "__main__":
    main()
