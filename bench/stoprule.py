"""The WebP stop rule (rendering 14), measured with the real binary.

thumbgen encodes an image's WebP files from its largest rendition down and stops at the first
whose file is over 90% of its fallback's bytes: the smaller renditions get no WebP file
(RenditionEncoder.encode). AVIF keeps each file under the ratio: for it, what the same rule would
give up is worked out from the files, and the binary's files must be the per-file rule's. Against it, the per-file rule: every rendition encoded, each
file kept when it is under 90% of its own fallback. This section prints what the stop rule gives
up of the bytes the per-file rule saves, and the share of the modern encoder's pixels it skips,
for `formats: [webp]` and `[avif, webp]` on the JPEG photos with the standard seven boxes.

Two builds per format set, `--jobs 2 --profile`, each in a fresh folder:

- the rule's build: the standard manifest (JPEG q82 fallbacks); its index gives each
  rendition's fallback bytes and the modern files the rule kept;
- the every-file build: the same manifest with the fallbacks at JPEG quality 100. The fallback's
  quality changes nothing but the fallback's bytes: the decode, the resampling and the modern
  encoders see the same pixels (a build that writes WebP takes the RGB path whatever the JPEG
  quality), and a q100 JPEG is so large that no modern file comes near 90% of it, so the rule
  never stops and that build writes every rendition's own modern file. Exact, not an emulation;
  checked in every run: the renditions' sizes agree and every modern file both builds wrote is
  byte-identical. A rendition whose modern file the every-file build did not keep either is over
  90% of the q82 fallback too when its q100 fallback is the larger (counted; one that is not is
  counted as unresolved).

The per-file rule and the alternative "smallest up, stop at the first miss" are then worked out
from those files; the stop rule's own figures are the binary's (and its rule, worked out from
the same files, must give the same files: counted). A rule encodes up to and including its first
miss; the pixels it skips are the renditions after that.
"""
import json
import os
import shutil
import subprocess
import sys
import time

from tools import INDEX_KEYS, globs_of, link_tree, manifest_text

FORMAT_SETS = (("webp",), ("avif", "webp"))
KEEP_RATIO = 0.9  # RenditionEncoder.keepRatio
RULE_QUALITY = 82  # the standard workload's fallbacks
EVERY_FILE_QUALITY = 100
TARGET_SHARE = 0.01  # the stop rule gives up less than 1% of the bytes the per-file rule saves
STOPPED = {"webp"}  # RenditionEncoder.stopsAtFirstMiss: the formats the binary stops


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _build(ctx, images, formats, jpeg_quality, work):
    """A fresh `thumbgen build --jobs 2 --profile --json`: (index images, profile, wall s)."""
    shutil.rmtree(work, ignore_errors=True)
    corpus_dir = os.path.join(work, "corpus")
    link_tree(images, corpus_dir)
    manifest = os.path.join(work, "manifest.yaml")
    with open(manifest, "w") as f:
        f.write(manifest_text(globs_of(images), formats=formats, jpeg_quality=jpeg_quality))
    started = time.monotonic()
    result = subprocess.run([ctx["thumbgen"], "build", manifest, "--jobs", "2", "--quiet", "--json", "--profile"],
                            capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode != 0:
        raise RuntimeError(f"thumbgen build exited {result.returncode}: {result.stderr.strip()[:400]}")
    profile = next((json.loads(line).get("profile") for line in result.stdout.splitlines() if line.startswith("{")), None)
    with open(os.path.join(corpus_dir, "renditions.json")) as f:
        return json.load(f)["images"], profile or {}, wall


def _renditions(images, index):
    """{image name: [rendition]}: each file an image's boxes share once, originals left out; a
    rendition is {"file", "pixels", "size", "fallback", "modern": {format: bytes}}."""
    result = {}
    for image in images:
        original = os.path.basename(image["path"])
        entry = index.get(original)
        if entry is None:
            raise RuntimeError(f"{original} is not in the index")
        by_file = {}
        for key in INDEX_KEYS:
            r = entry["renditions"].get(key)
            if r is None or r["file"] == original:
                continue
            by_file[r["file"]] = {"file": r["file"], "pixels": r["width"] * r["height"], "size": (r["width"], r["height"]),
                                  "fallback": r["bytes"],
                                  "modern": {s["type"].split("/", 1)[1]: s["bytes"] for s in r.get("sources") or []},
                                  "modern_files": {s["type"].split("/", 1)[1]: s["file"] for s in r.get("sources") or []}}
        result[image["name"]] = list(by_file.values())
    return result


def largest_first(renditions):
    """The encoder's order: by pixels, largest first, then by file name (RenditionEncoder.encode)."""
    return sorted(renditions, key=lambda r: (-r["pixels"], r["file"]))


def stop_at_first_miss(order, keeps):
    """(kept, encoded) of a rule that walks `order` and stops at the first file not kept."""
    kept, encoded = [], []
    for r in order:
        encoded.append(r)
        if not keeps(r):
            break
        kept.append(r)
    return kept, encoded


def _same_file(a_dir, a_name, b_dir, b_name):
    with open(os.path.join(a_dir, a_name), "rb") as a, open(os.path.join(b_dir, b_name), "rb") as b:
        return a.read() == b.read()


def _rule_figures(kept, encoded, per_file, rows, written="own"):
    """Files, bytes saved, what is given up against the per-file rule and the pixels skipped;
    `written` names each rendition's bytes in the format (its own, or the rule build's)."""
    saved = sum(r["fallback"] - r[written] for r in kept)
    total_pixels = sum(r["pixels"] for r in rows)
    return {"files": len(kept), "saved": saved,
            "given_up": per_file["saved"] - saved,
            "given_up_share": (per_file["saved"] - saved) / per_file["saved"] if per_file["saved"] else 0.0,
            "files_given_up": per_file["files"] - len(kept),
            "encoded": len(encoded),
            "pixels_skipped": total_pixels - sum(r["pixels"] for r in encoded),
            "pixels_skipped_share": 1 - sum(r["pixels"] for r in encoded) / total_pixels if total_pixels else 0.0}


def _format_figures(fmt, rule, every, rule_dir, every_dir):
    """One format's figures from the two builds' renditions ({image: [rendition]} each)."""
    checks = {"sizes_differ": 0, "compared": 0, "bytes_differ": 0, "over_at_q100": 0, "unresolved": 0,
              "rule_not_a_prefix": 0, "simulation_differs": 0}
    rows, per_image = [], []
    for name, renditions in rule.items():
        every_by_file = {r["file"]: r for r in every[name]}
        image_rows = []
        for r in renditions:
            other = every_by_file.get(r["file"])
            if other is None or other["size"] != r["size"]:
                checks["sizes_differ"] += 1
                continue
            own = other["modern"].get(fmt)
            if fmt in r["modern"]:
                checks["compared"] += 1
                if own != r["modern"][fmt] or not _same_file(rule_dir, r["modern_files"][fmt],
                                                             every_dir, other["modern_files"][fmt]):
                    checks["bytes_differ"] += 1
            if own is None:
                checks["over_at_q100"] += 1
                if other["fallback"] < r["fallback"]:
                    checks["unresolved"] += 1
            row = {"file": r["file"], "pixels": r["pixels"], "fallback": r["fallback"], "own": own,
                   "rule_kept": fmt in r["modern"], "rule_bytes": r["modern"].get(fmt)}
            row["keeps"] = own is not None and own <= KEEP_RATIO * r["fallback"]
            image_rows.append(row)
        rows += image_rows
        per_image.append(image_rows)

    kept_per_file = [r for r in rows if r["keeps"]]
    per_file = {"files": len(kept_per_file), "saved": sum(r["fallback"] - r["own"] for r in kept_per_file),
                "encoded": len(rows), "pixels_skipped": 0, "pixels_skipped_share": 0.0}
    thumbgen = {"kept": [], "encoded": []}
    smallest = {"kept": [], "encoded": []}
    stopped_images = 0
    stops = fmt in STOPPED
    for image_rows in per_image:
        order = largest_first(image_rows)
        # The binary's own choice: the files its index lists.
        kept = [r for r in order if r["rule_kept"]]
        sim_kept, sim_encoded = stop_at_first_miss(order, lambda r: r["keeps"])
        if stops:
            # They must be the first of the order, and the rule worked out from the files.
            first_miss = next((i for i, r in enumerate(order) if not r["rule_kept"]), len(order))
            if any(r["rule_kept"] for r in order[first_miss:]):
                checks["rule_not_a_prefix"] += 1
            thumbgen["kept"] += kept
            thumbgen["encoded"] += order[:first_miss + 1]
            stopped_images += first_miss + 1 < len(order)
            if [r["file"] for r in sim_kept] != [r["file"] for r in kept]:
                checks["simulation_differs"] += 1
        else:
            # Not stopped: the binary keeps the per-file rule's files; the rule is worked out.
            if [r["file"] for r in kept] != [r["file"] for r in order if r["keeps"]]:
                checks["simulation_differs"] += 1
            thumbgen["kept"] += sim_kept
            thumbgen["encoded"] += sim_encoded
            stopped_images += len(sim_encoded) < len(order)
        small_kept, small_encoded = stop_at_first_miss(list(reversed(order)), lambda r: r["keeps"])
        smallest["kept"] += small_kept
        smallest["encoded"] += small_encoded
    # The stop rule's saving is counted on the rule build's own files.
    return {
        "renditions": len(rows), "pixels": sum(r["pixels"] for r in rows),
        "fallback_bytes": sum(r["fallback"] for r in rows),
        "per_file": per_file,
        "stopped": stops,
        "stop_rule": {**_rule_figures(thumbgen["kept"], thumbgen["encoded"], per_file, rows, "rule_bytes" if stops else "own"),
                      "images_stopped_early": stopped_images},
        "smallest_up": _rule_figures(smallest["kept"], smallest["encoded"], per_file, rows),
        "checks": checks,
    }


def measure(ctx, images):
    """Both format sets: {"images", "ratio", "sets": [{"formats", "formats_figures", ...}]}."""
    result = {"images": len(images), "keep_ratio": KEEP_RATIO, "rule_quality": RULE_QUALITY,
              "every_file_quality": EVERY_FILE_QUALITY, "target_share": TARGET_SHARE, "sets": []}
    for formats in FORMAT_SETS:
        tag = "-".join(formats)
        rule_work = os.path.join(ctx["scratch"], "stoprule", tag, "rule")
        every_work = os.path.join(ctx["scratch"], "stoprule", tag, "every-file")
        rule_index, rule_profile, rule_wall = _build(ctx, images, formats, RULE_QUALITY, rule_work)
        every_index, every_profile, every_wall = _build(ctx, images, formats, EVERY_FILE_QUALITY, every_work)
        rule, every = _renditions(images, rule_index), _renditions(images, every_index)
        figures = {}
        for fmt in formats:
            figures[fmt] = _format_figures(fmt, rule, every, os.path.join(rule_work, "corpus"),
                                           os.path.join(every_work, "corpus"))
            figures[fmt]["encoder_cpu"] = {"rule": rule_profile.get(f"encode_{fmt}"),
                                           "every_file": every_profile.get(f"encode_{fmt}")}
        shares = {fmt: f["stop_rule"]["given_up_share"] for fmt, f in figures.items()}
        entry = {"formats": list(formats), "figures": figures, "rule_wall": rule_wall, "every_file_wall": every_wall,
                 "target_met": all(s < TARGET_SHARE for fmt, s in shares.items() if fmt in STOPPED)}
        result["sets"].append(entry)
        log(f"stoprule [{', '.join(formats)}]: " + "; ".join(
            f"{fmt} gives up {100 * f['stop_rule']['given_up_share']:.3f}% of {f['per_file']['saved']:,} B saved, "
            f"skips {100 * f['stop_rule']['pixels_skipped_share']:.1f}% of the pixels "
            f"(smallest up: {100 * f['smallest_up']['given_up_share']:.2f}%)" for fmt, f in figures.items()))
    return result
