"""A library of many small originals (BENCH_LIBRARY_SIZES, default 10,000, 30,000 and 100,000):
N 64x48 JPEGs in N/100 folders, one generated manifest (a three-box slot), then thumbgen's cold
build, the first no-op build (which seals what it saw), no-op builds and `check` answered from
that seal, `check` and a build after 100 originals changed, `merge` of 8 shards, and the
index's size and load time in both clients (Swift: `thumbgen lookup`, which loads the index
through `Renditions`; JavaScript: renditions.js' `indexFrom` in Node), whole and as the folder
slices of `index: { split: folder }`. Every step's exponent is fitted over the sizes (1 is
linear in the work). Targets (issue 35): no-op and check under 3 s, memory under 500 MB."""
import json
import math
import os
import shutil
import statistics
import subprocess
import time

MANIFEST = """version: 1
root: .
index: {split}
slots:
  thumb: {{ size: 16x12, scales: [1, 2, 3] }}
output: {{ formats: [], placeholder: none }}
images:
  - path: "photos/**/*.jpg"
    slots: [thumb]
"""

MAKE = r"""
import os, random, sys
from PIL import Image
root, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
tiles = []
for n in range(64):
    base = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    im = Image.new("RGB", (64, 48))
    im.putdata([((base[0] + 3 * x + rng.randrange(24)) % 256, (base[1] + 4 * y) % 256,
                 (base[2] + x + y + rng.randrange(24)) % 256) for y in range(48) for x in range(64)])
    tiles.append(im)
for n in range(count):
    folder = os.path.join(root, "photos", f"f{n % max(1, count // 100):04d}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"p{n:06d}.jpg")
    if os.path.exists(path):
        continue
    im = tiles[n % 64].copy()
    im.putpixel((n % 64, (n // 64) % 48), (n % 256, (n // 256) % 256, 7))  # every file distinct
    im.save(path, "JPEG", quality=90)
"""

JS_LOAD = r"""
const [clients, path] = process.argv.slice(1);
const { indexFrom } = await import(clients + '/web/renditions.js');
const fs = await import('node:fs');
const text = fs.readFileSync(path, 'utf8');
const started = process.hrtime.bigint();
const index = indexFrom(JSON.parse(text));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ seconds, images: Object.keys(index.images || {}).length }));
"""


def _timed(argv, cwd=None, cpu=None):
    """Wall seconds and peak RSS (MB) of one command, by GNU time; its CPU seconds (user + sys)
    appended to `cpu` when given (on a shared machine the CPU time is the steadier figure)."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M %U %S"] + argv, cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)}: exit {result.returncode}: {result.stderr[-400:]}")
    peak, user, system = result.stderr.strip().splitlines()[-1].split()
    if cpu is not None:
        cpu.append(float(user) + float(system))
    return wall, int(peak) / 1024


def _median_timed(argv, reps, row=None, key=None):
    """Median wall and largest RSS of `reps` runs; the median CPU seconds go to row[key + "_cpu"]."""
    cpu = []
    runs = [_timed(argv, cpu=cpu) for _ in range(reps)]
    if row is not None:
        row[key + "_cpu"] = statistics.median(cpu)
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def _one_size(ctx, count, reps):
    root = os.path.join(ctx["scratch"], "library", f"n{count}")
    thumbgen = ctx["thumbgen"]
    subprocess.run([ctx["python"], "-c", MAKE, root, str(count)], check=True)
    # Every size starts cold: no state, no index, no renditions, no slices.
    shutil.rmtree(os.path.join(root, ".thumbgen"), ignore_errors=True)
    subprocess.run(["find", root, "(", "-name", "*.Thumbnail(*", "-o", "-name", "renditions*.json", ")", "-delete"], check=True)
    manifest = os.path.join(root, "manifest.yaml")
    with open(manifest, "w") as f:
        f.write(MANIFEST.format(split="{ path: renditions.json, split: folder }"))
    build = [thumbgen, "build", manifest, "--jobs", "2", "--quiet"]
    row = {"images": count}
    cpu = []
    row["cold"], row["cold_rss"] = _timed(build, cpu=cpu)
    row["cold_cpu"] = cpu[0]
    # The first build after the cold one changes nothing and seals what it saw; the no-ops and
    # checks after it answer from the seal while it holds. Both are timed.
    cpu = []
    row["unsealed"], row["unsealed_rss"] = _timed(build, cpu=cpu)
    row["unsealed_cpu"] = cpu[0]
    row["noop"], row["noop_rss"] = _median_timed(build, reps, row, "noop")
    row["check"], row["check_rss"] = _median_timed([thumbgen, "check", manifest, "--quiet"], reps, row, "check")
    changed = [os.path.join(root, "photos", f"f{n % max(1, count // 100):04d}", f"p{n:06d}.jpg")
               for n in range(0, count, max(1, count // 100))][:100]
    for path in changed:
        with open(path, "r+b") as f:  # one bit of the entropy-coded data before EOI: new bytes, new pixels
            data = bytearray(f.read())
            data[-3] ^= 1
            f.seek(0)
            f.write(data)
    # `check` with work to find (the seal no longer holds): what it costs to say what changed.
    cpu = []
    row["check_changed"], row["check_changed_rss"] = _timed([thumbgen, "check", manifest, "--quiet"], cpu=cpu)
    row["check_changed_cpu"] = cpu[0]
    row["changed"], row["changed_rss"] = _timed(build)
    index = os.path.join(root, "renditions.json")
    row["index_bytes"] = os.path.getsize(index)
    slices = [os.path.join(dp, n) for dp, _, fs in os.walk(os.path.join(root, "photos")) for n in fs if n == "renditions.json"]
    row["slice_bytes"] = statistics.median(os.path.getsize(p) for p in slices) if slices else None
    image = "photos/f0000/p000000.jpg"
    lookup = [thumbgen, "lookup", index, image, "--slot", "thumb", "--scale", "2"]
    row["swift_load"], _ = _median_timed(lookup, reps)
    if slices:
        row["swift_slice_load"], _ = _median_timed([thumbgen, "lookup", os.path.join(root, "photos", "f0000", "renditions.json"),
                                                    "p000000.jpg", "--slot", "thumb", "--scale", "2"], reps)
    node = shutil.which("node")
    if node:
        def js(path):
            out = subprocess.run([node, "--input-type=module", "-e", JS_LOAD, "--", ctx["clients"], path],
                                 capture_output=True, text=True, check=True).stdout
            return json.loads(out)["seconds"]
        row["js_load"] = statistics.median(js(index) for _ in range(reps))
        if slices:
            row["js_slice_load"] = statistics.median(js(slices[0]) for _ in range(reps))
    row["merge"] = _merge(ctx, root, manifest, reps)
    return row


def _merge(ctx, root, manifest, reps):
    """8 shard builds (untimed) over the built library, then `merge`, timed."""
    thumbgen = ctx["thumbgen"]
    walls = []
    for _ in range(reps):
        # A merge takes the shard indexes in: the shards are built again before each.
        for k in range(1, 9):
            subprocess.run([thumbgen, "build", manifest, "--jobs", "2", "--quiet", "--shard", f"{k}/8"], check=True)
        started = time.monotonic()
        subprocess.run([thumbgen, "merge", manifest, "--quiet"], check=True)
        walls.append(time.monotonic() - started)
    return statistics.median(walls)


def _exponent(rows, key):
    """The least-squares slope of log(time) over log(images)."""
    points = [(math.log(r["images"]), math.log(r[key])) for r in rows if r.get(key)]
    if len(points) < 2:
        return None
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)


STEPS = ["cold", "cold_cpu", "unsealed", "unsealed_cpu", "noop", "noop_cpu", "check", "check_cpu", "check_changed", "check_changed_cpu", "changed", "merge",
         "swift_load", "js_load"]


def measure(ctx, sizes, reps=3):
    rows = [_one_size(ctx, count, reps) for count in sizes]
    return {"rows": rows, "exponents": {key: _exponent(rows, key) for key in STEPS}}
