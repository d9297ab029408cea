"""Installs the peers and the corpus packages when missing: quietly, and only what is missing."""
import os
import shutil
import subprocess
import sys

# Debian packages: the peers, the floor (djpeg), /usr/bin/time (per-process peak RSS) and the
# wallpaper packages the corpus is copied from.
APT_PACKAGES = [
    "libvips-tools", "imagemagick", "graphicsmagick", "libjpeg-turbo-progs", "time",
    "plasma-workspace-wallpapers", "mate-backgrounds", "ukui-wallpapers", "lxqt-themes",
    "lomiri-wallpapers-20.04",
    # The encoder-alone floors of the WebP and AVIF workloads: cwebp and avifenc.
    "webp", "libavif-bin",
]
PYPI_PACKAGES = ["Pillow", "pyvips"]
# The WebP/AVIF and HEIC workloads: SSIMULACRA2 scores, Pillow's HEIC reader; the constants
# section: `deflate` (libdeflate). Pillow's own wheels write AVIF (11.3 and later): no plugin needed.
PYPI_EXTRAS = ["ssimulacra2", "pillow-heif", "deflate"]


def _apt_missing(packages):
    missing = []
    for package in packages:
        result = subprocess.run(["dpkg-query", "-W", "-f=${db:Status-Abbrev}", package],
                                capture_output=True, text=True)
        if not result.stdout.startswith("ii"):
            missing.append(package)
    return missing


def apt_install(packages):
    """apt-get install the packages that dpkg does not know as installed."""
    missing = _apt_missing(packages)
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print(f"bench: installing {' '.join(missing)} (apt-get)", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
                   check=True, env=env, stdout=subprocess.DEVNULL)


def venv_python(venv_dir):
    """The venv's python with Pillow and pyvips importable; creates or repairs the venv."""
    python = os.path.join(venv_dir, "bin", "python")
    probe = [python, "-c", "import PIL, pyvips"]
    if os.path.exists(python) and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    if not os.path.exists(python):
        created = subprocess.run([sys.executable, "-m", "venv", venv_dir], capture_output=True)
        if created.returncode != 0:
            # Debian's own python3 keeps venv (ensurepip) in a separate package.
            shutil.rmtree(venv_dir, ignore_errors=True)
            apt_install(["python3-venv"])
            subprocess.run([sys.executable, "-m", "venv", venv_dir], check=True)
    print(f"bench: installing {' '.join(PYPI_PACKAGES)} into {venv_dir} (pip)", file=sys.stderr)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
                   + PYPI_PACKAGES, check=True)
    subprocess.run(probe, check=True)
    return python


def venv_extras(python):
    """pip installs the extras the newer workloads need, when missing."""
    probe = [python, "-c", "import ssimulacra2, pillow_heif, deflate; from PIL import features; "
             "assert features.check('avif'), 'this Pillow writes no AVIF'"]
    if subprocess.run(probe, capture_output=True).returncode == 0:
        return
    print(f"bench: installing {' '.join(PYPI_EXTRAS)} into the bench venv (pip)", file=sys.stderr)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade",
                    "Pillow>=11.3"] + PYPI_EXTRAS, check=True)
    subprocess.run(probe, check=True)
