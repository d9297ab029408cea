"""The tools under test: how each is run on one set of images, and where its renditions land.

Every tool gets the same images and, where it can use them, two workers (two processes over
balanced halves of the file list, or thumbgen --jobs 2). Peers run single-threaded
(VIPS_CONCURRENCY=1, MAGICK_THREAD_LIMIT=1, OMP_NUM_THREADS=1) so that "two workers" means two
cores' worth, as in the method (bench/README.md). Every tool writes JPEG quality 82 for JPEG (and
HEIC) originals and zlib level 6 PNGs for PNG originals. thumbgen's standard manifest says
`formats: []` and `placeholder: none`: the peers write neither WebP nor a placeholder, so thumbgen
must not either (its defaults write both). The WebP and AVIF workloads (modern.py) add one format.
"""
import json
import os
import shutil

import check
from geometry import BOXES, box_tag, cascade_order, cascade_source, upright
from measure import balanced_halves, run_workers

CONVERT = "/usr/bin/convert"  # ImageMagick proper: /usr/local/bin/convert is a stand-in here
GM = "/usr/bin/gm"
VIPSTHUMBNAIL = "/usr/bin/vipsthumbnail"
PEER_ENV = {"VIPS_CONCURRENCY": "1", "MAGICK_THREAD_LIMIT": "1", "OMP_NUM_THREADS": "1"}
MANIFEST = """version: 1
root: corpus
slots:
{slots}
output:
  formats: [{formats}]
  placeholder: none
  jpeg: {{ quality: {jpeg_quality} }}
  png: {{ compression: 6 }}
images:
{images}
"""
SLOTS = {"thumb": ("60x60", "[1, 2, 3]"), "card": ("320x180", "[2, 3]"), "hero": ("390x390", "[2, 3]")}


def manifest_text(globs, slots=("thumb", "card", "hero"), scales=None, formats=(), jpeg_quality=82):
    """A manifest for the standard workload over `globs` (or a subset of slots / scales), with
    the modern `formats` (none by default) at thumbgen's default settings for them; JPEG
    fallbacks at `jpeg_quality` (the workload's 82 unless a section needs another)."""
    slot_lines = "\n".join(f"  {s}: {{ size: {SLOTS[s][0]}, scales: {scales or SLOTS[s][1]} }}" for s in slots)
    image_lines = "\n".join(f'  - path: "{g}"\n    slots: [{", ".join(slots)}]' for g in globs)
    return MANIFEST.format(slots=slot_lines, images=image_lines, formats=", ".join(formats),
                           jpeg_quality=jpeg_quality)


GLOBS = {"jpeg": "*.jpg", "png": "*.png", "heic": "*.heic"}


def globs_of(images):
    """The manifest globs that list these images (one per format present)."""
    return sorted({GLOBS[i["format"]] for i in images})


def link_tree(images, corpus_dir):
    """Hard-links the originals into a fresh corpus folder (thumbgen refuses outside symlinks)."""
    os.makedirs(corpus_dir, exist_ok=True)
    for image in images:
        os.link(image["path"], os.path.join(corpus_dir, os.path.basename(image["path"])))


def _quality(kind):
    # ImageMagick and GraphicsMagick read PNG "quality" as zlib level (tens) and filter (units):
    # 65 = level 6, adaptive filtering, the same settings as libpng's defaults that Pillow uses.
    return "82" if kind == "jpeg" else "65"


def fallback_ext(image):
    """The fallback's extension: PNG for PNG originals, JPEG for JPEG and HEIC ones."""
    return "png" if image["format"] == "png" else "jpg"


def _out(out_dir, image, box):
    return os.path.join(out_dir, f"{image['name']}.{box_tag(box)}.{fallback_ext(image)}")


class Tool:
    """A tool: key (for BENCH_TOOLS), label, how it is run, and its worker commands."""

    def __init__(self, key, label, how):
        self.key, self.label, self.how = key, label, how

    def commands(self, images, out_dir, ctx):
        """[[argv, ...] per worker]; may prepare out_dir (untimed)."""
        raise NotImplementedError

    def renditions(self, images, out_dir):
        """{(image name, box): (path or None, reason)} for the checker."""
        return {(i["name"], (bw, bh)): (_out(out_dir, i, (bw, bh)), None) for i in images for _, _, bw, bh in BOXES}


class Thumbgen(Tool):
    def __init__(self, jobs, formats=()):
        super().__init__(f"thumbgen-j{jobs}" if jobs != 2 else "thumbgen", f"thumbgen --jobs {jobs}",
                         f"`thumbgen build MANIFEST --jobs {jobs} --quiet` in a fresh folder (originals "
                         "hard-linked; no index, renditions or state left from before); "
                         f"`formats: [{', '.join(formats)}]`, `placeholder: none`")
        self.jobs, self.formats = jobs, tuple(formats)

    def commands(self, images, out_dir, ctx):
        link_tree(images, os.path.join(out_dir, "corpus"))
        manifest = os.path.join(out_dir, "manifest.yaml")
        with open(manifest, "w") as f:
            f.write(manifest_text(globs_of(images), formats=self.formats))
        return [[[ctx["thumbgen"], "build", manifest, "--jobs", str(self.jobs), "--quiet"]]]

    def renditions(self, images, out_dir):
        return thumbgen_renditions(images, os.path.join(out_dir, "corpus"))


INDEX_KEYS = {f"{slot}@{scale}x": (bw, bh) for slot, scale, bw, bh in BOXES}  # "card@3x" -> (960, 540)


def _index_images(corpus_dir, index_name):
    """The `images` of thumbgen's index in corpus_dir, or {} when there is none."""
    try:
        with open(os.path.join(corpus_dir, index_name)) as f:
            return json.load(f)["images"]
    except (OSError, ValueError, KeyError):
        return {}


def thumbgen_renditions(images, corpus_dir, index_name="renditions.json"):
    """What thumbgen's index says it wrote for each (image, box); originals count as missing
    unless the box fits the original (then no rendition is needed)."""
    keys = INDEX_KEYS
    index = _index_images(corpus_dir, index_name)
    result = {}
    for image in images:
        original = os.path.basename(image["path"])
        entry = index.get(original)
        for key, box in keys.items():
            if entry is None:
                result[(image["name"], box)] = (None, "not in the index")
                continue
            rendition = entry.get("renditions", {}).get(key)
            if rendition is None:
                result[(image["name"], box)] = (None, "no index entry")
            elif rendition["file"] == original and entry.get("status") != "fits":
                reason = entry.get("status", "?") + (f": {entry['error']}" if entry.get("error") else "")
                result[(image["name"], box)] = (os.path.join(corpus_dir, original), reason)
            else:
                result[(image["name"], box)] = (os.path.join(corpus_dir, rendition["file"]), None)
    return result


def thumbgen_modern(images, corpus_dir, kind, index_name="renditions.json"):
    """{(image name, box): path of the `kind` file thumbgen kept for that box, or None}: a
    modern file is only kept under 90% of its fallback's bytes, so None is not a failure."""
    index = _index_images(corpus_dir, index_name)
    result = {}
    for image in images:
        entry = index.get(os.path.basename(image["path"]), {})
        for key, box in INDEX_KEYS.items():
            sources = entry.get("renditions", {}).get(key, {}).get("sources") or []
            kept = [s["file"] for s in sources if s.get("type") == f"image/{kind}"]
            result[(image["name"], box)] = os.path.join(corpus_dir, kept[0]) if kept else None
    return result


class PythonPeer(Tool):
    def __init__(self, key, label, how, script, extra=()):
        super().__init__(key, label, how)
        self.script, self.extra = script, list(extra)

    def commands(self, images, out_dir, ctx):
        os.makedirs(out_dir, exist_ok=True)
        worker = os.path.join(ctx["bench_dir"], "peers", self.script)
        return [[[ctx["python"], worker] + self.extra + [out_dir] + [i["path"] for i in share]]
                for share in balanced_halves(images)]


class VipsThumbnail(Tool):
    def __init__(self):
        super().__init__("vipsthumbnail", "vipsthumbnail",
                         "2 parallel lists; one call per box over the list: `vipsthumbnail --size 'WxH>' "
                         "-o '%s.WxH.jpg[Q=82]'` (PNG: `png[compression=6]`)")

    def commands(self, images, out_dir, ctx):
        os.makedirs(out_dir, exist_ok=True)
        workers = []
        for share in balanced_halves(images):
            calls = []
            for kind, options in (("jpeg", "jpg[Q=82]"), ("png", "png[compression=6]")):
                files = [i["path"] for i in share if i["format"] == kind]
                for _, _, bw, bh in BOXES if files else []:
                    template = os.path.join(out_dir, f"%s.{bw}x{bh}.{options}")
                    calls.append([VIPSTHUMBNAIL, "--size", f"{bw}x{bh}>", "-o", template] + files)
            workers.append(calls)
        return workers


class ImageMagickTuned(Tool):
    def __init__(self):
        super().__init__("im-tuned", "ImageMagick tuned",
                         "2 in parallel; one `convert` per image: `-define jpeg:size=` (the largest rendition's "
                         "size) `IN -auto-orient`, then each box `-thumbnail 'WxH>'` from the smallest rendition "
                         "made that covers it (`-write mpr:`), `-quality 82` (PNG: `-quality 65`, zlib level 6, "
                         "adaptive filter)")

    @staticmethod
    def command(image, out_dir):
        """convert with a DCT-scaling hint, then each box from the smallest covering rendition."""
        order = cascade_order(*image["upright"])
        hint = upright(*order[0][1], image["orientation"])
        argv = [CONVERT, "-define", f"jpeg:size={hint[0]}x{hint[1]}", image["path"], "-auto-orient",
                "-quality", _quality(image["format"]), "-write", "mpr:r0", "+delete"]
        made = []
        for n, (box, size) in enumerate(order):
            source = cascade_source(made, size)
            argv += [f"mpr:r{0 if source is None else source + 1}", "-thumbnail", f"{box[0]}x{box[1]}>"]
            if n < len(order) - 1:
                argv += ["-write", f"mpr:r{n + 1}", "-write", _out(out_dir, image, box), "+delete"]
            else:
                argv += [_out(out_dir, image, box)]
            made.append(size)
        return argv

    def commands(self, images, out_dir, ctx):
        os.makedirs(out_dir, exist_ok=True)
        return [[self.command(i, out_dir) for i in share] for share in balanced_halves(images)]


class PerBox(Tool):
    """One process per (image, box): ImageMagick plain and GraphicsMagick."""

    def __init__(self, key, label, how, argv_for):
        super().__init__(key, label, how)
        self.argv_for = argv_for

    def commands(self, images, out_dir, ctx):
        os.makedirs(out_dir, exist_ok=True)
        return [[self.argv_for(i, (bw, bh), _out(out_dir, i, (bw, bh))) for i in share for _, _, bw, bh in BOXES]
                for share in balanced_halves(images)]


def _im_plain(image, box, out):
    return [CONVERT, image["path"], "-auto-orient", "-thumbnail", f"{box[0]}x{box[1]}>",
            "-quality", _quality(image["format"]), out]


def _gm(image, box, out):
    return [GM, "convert", "-size", f"{box[0]}x{box[1]}", image["path"], "-auto-orient",
            "-thumbnail", f"{box[0]}x{box[1]}>", "-quality", _quality(image["format"]), out]


def all_tools():
    """Every tool, in table order; the first is the reference for ratios."""
    return [
        Thumbgen(2),
        Thumbgen(1),
        PythonPeer("pillow", "Pillow",
                   "2 processes over balanced halves of the files; per image draft() to the largest rendition's "
                   "size (JPEG DCT scaling), exif_transpose, then thumbnail() per box (its defaults: bicubic, "
                   "reducing_gap 2) from the largest down, each from the smallest rendition made that covers it; "
                   "quality=82 / compress_level=6", "pillow_worker.py"),
        PythonPeer("pyvips", "pyvips",
                   "2 processes; per image Image.thumbnail() at 1170×1170 (shrink-on-load, auto-rotate, "
                   "size=down) kept in memory, then thumbnail_image() per smaller box from the smallest "
                   "rendition made that covers it; Q=82 / compression=6", "pyvips_worker.py"),
        VipsThumbnail(),
        ImageMagickTuned(),
        PerBox("im-plain", "ImageMagick plain",
               "2 in parallel; `convert IN -auto-orient -thumbnail 'WxH>' -quality 82 OUT` per (image, box)",
               _im_plain),
        PerBox("gm", "GraphicsMagick",
               "2 in parallel; `gm convert -size WxH IN -auto-orient -thumbnail 'WxH>' -quality 82 OUT` per "
               "(image, box)", _gm),
    ]


def run_once(tool, images, ctx, work, env, checked=True):
    """One timed run of `tool` into work/out/<key> (emptied first): its figures, and the check of
    its output when `checked`."""
    out = os.path.join(work, "out", tool.key)
    shutil.rmtree(out, ignore_errors=True)
    figures = run_workers(tool.commands(images, out, ctx), os.path.join(work, "runs", tool.key), env)
    if checked:
        figures["check"] = check.check(images, tool.renditions(images, out))
    return figures
