"""An unseen corpus: photos and artwork from Debian packages the default corpus does not include,
unpacked from their .deb files (`apt-get download` + `dpkg-deb -x`), never installed, so they
cannot join the default corpus under /usr/share/backgrounds. Nothing was tuned on them.

- lomiri-wallpapers-16.04: 15 JPEG photos (1–8 MP), the same photos bench/formats.py calls its
  second set;
- sway-backgrounds: 8 PNGs (artwork, 0.7–3 MP);
- gnome-backgrounds: the 7 light variants (4096×4096 artwork), shipped as lossy WebP and written
  here as PNG (libvips, zlib level 6): the corpus is JPEG and PNG.

Usage: python3 bench/unseen.py   prints the folder (.build/bench/unseen/images), fetching it once.
`make bench-unseen` runs the whole benchmark on it (BENCH_CORPUS=that folder).
"""
import glob
import os
import shutil
import subprocess
import sys

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
FOLDER = os.path.join(ROOT, ".build", "bench", "unseen")
PACKAGES = {
    "lomiri-wallpapers-16.04": "usr/share/backgrounds/*.jpg",
    "sway-backgrounds": "usr/share/backgrounds/sway/*.png",
    "gnome-backgrounds": "usr/share/backgrounds/gnome/*-l.webp",
}
SKIP = {"vnc-l.webp"}  # a 1-pixel placeholder, not a picture


def _unpack(package, pattern, images, work):
    """Copies the package's files matching `pattern` into `images`; returns how many."""
    subprocess.run(["apt-get", "download", package], cwd=work, check=True, capture_output=True)
    deb = glob.glob(os.path.join(work, f"{package}_*.deb"))[0]
    tree = os.path.join(work, "x")
    subprocess.run(["dpkg-deb", "-x", deb, tree], check=True)
    count = 0
    for path in sorted(glob.glob(os.path.join(tree, pattern))):
        if os.path.basename(path) not in SKIP:
            shutil.copy(path, images)
            count += 1
    shutil.rmtree(tree)
    os.remove(deb)
    return count


def _webp_to_png(images, python):
    """gnome-backgrounds ships WebP: the corpus is JPEG and PNG, so write each as a PNG."""
    webps = sorted(glob.glob(os.path.join(images, "*.webp")))
    if not webps:
        return
    code = ("import pyvips, sys, os\n"
            "for p in sys.argv[1:]:\n"
            "    pyvips.Image.new_from_file(p).pngsave(os.path.splitext(p)[0] + '.png', compression=6)\n"
            "    os.remove(p)\n")
    subprocess.run([python, "-c", code] + webps, check=True)


def fetch(python):
    """The unseen corpus's folder, fetched and unpacked on first use."""
    images = os.path.join(FOLDER, "images")
    if os.path.exists(os.path.join(FOLDER, "complete")):
        return images
    shutil.rmtree(FOLDER, ignore_errors=True)
    os.makedirs(images)
    work = os.path.join(FOLDER, "download")
    os.makedirs(work)
    for package, pattern in PACKAGES.items():
        count = _unpack(package, pattern, images, work)
        print(f"bench: unseen corpus: {count} files from {package}", file=sys.stderr)
    _webp_to_png(images, python)
    shutil.rmtree(work)
    open(os.path.join(FOLDER, "complete"), "w").close()
    return images


if __name__ == "__main__":
    sys.path.insert(0, BENCH_DIR)
    import install
    print(fetch(install.venv_python(os.path.join(ROOT, ".build", "bench-venv"))))
