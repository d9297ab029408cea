"""Where thumbgen's CPU time goes, per workload, from its own timers (`build --profile --json`).

Each workload is the one its timed section runs (the JPEG and PNG sets, the JPEG photos with
`formats: [webp]` or `[avif]`, the HEIC copies), built once per round by `thumbgen --jobs 1` in a
fresh folder, untimed by the harness: the figures are thread CPU seconds the build charges to each
stage, summed over its jobs. Medians over rounds. Beside them, the floor of that workload where
the benchmark has one (decode alone, or the encoder alone), so a reader sees which stage separates
thumbgen from it.
"""
import json
import os
import shutil
import statistics
import subprocess

from tools import globs_of, link_tree, manifest_text

# The stages in the order `build --profile` prints them (its --json keys).
STAGES = ["read_hash", "probe", "decode", "colour", "resample", "orient", "encode_jpeg", "encode_png",
          "encode_webp", "encode_avif", "placeholder", "write", "other"]


def _profile_once(ctx, images, formats, work):
    shutil.rmtree(work, ignore_errors=True)
    link_tree(images, os.path.join(work, "corpus"))
    manifest = os.path.join(work, "manifest.yaml")
    with open(manifest, "w") as f:
        f.write(manifest_text(globs_of(images), formats=formats))
    result = subprocess.run([ctx["thumbgen"], "build", manifest, "--jobs", "1", "--quiet", "--json", "--profile"],
                            capture_output=True, text=True)
    for line in result.stdout.splitlines():
        if line.startswith("{"):
            profile = json.loads(line).get("profile")
            if profile:
                return profile
    raise SystemExit(f"bench: profile: thumbgen printed no profile (exit {result.returncode}): "
                     f"{result.stderr.strip()[:400]}")


def measure(ctx, workloads, rounds):
    """workloads: [(name, images, formats)]; returns {name: {"images", "stages": {key: s}, "stages_total",
    "process"}} with medians over `rounds` interleaved rounds."""
    runs = {name: [] for name, _, _ in workloads}
    for _ in range(rounds):
        for name, images, formats in workloads:
            work = os.path.join(ctx["scratch"], "profile", name)
            runs[name].append(_profile_once(ctx, images, formats, work))
    result = {}
    for name, images, _ in workloads:
        profiles = runs[name]
        result[name] = {
            "images": len(images),
            "stages": {key: statistics.median(p.get(key, 0.0) for p in profiles) for key in STAGES},
            "stages_total": statistics.median(p["stages"] for p in profiles),
            "process": statistics.median(p["process"] for p in profiles),
        }
    return result
