"""The shared cache (issue 32): what a fresh clone's build costs when another machine's build
already filled a cache, against the cold build, on a site of 1,000 photos.

Four builds of the standard workload with WebP beside (the site of a user who wants the cache):
  cold            a fresh clone, no cache: every image decoded and encoded
  fill            the same, writing to the cache (nginx with WebDAV PUT on 127.0.0.1), as `main` does
  remote          a fresh clone with the warm cache, read-only, as a pull request's runner does
  restore         a fresh clone with the cold build's renditions and index copied in, as
                  `actions/cache` restores them (no server)
  no-op           the cold build's folder built again
Each figure is the median of `reps` runs; the ratio the issue targets is remote / cold (at most 10%).
"""
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import time

from tools import link_tree, manifest_text

NGINX = "/usr/sbin/nginx"
CONFIG = """daemon off;
master_process off;
{user}
pid {run}/nginx.pid;
error_log {run}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {run}/body;
    server {{
        listen 127.0.0.1:{port};
        root {store};
        location / {{ dav_methods PUT; create_full_put_path on; client_max_body_size 512m; }}
    }}
}}
"""


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_nginx(folder):
    run, store = os.path.join(folder, "run"), os.path.join(folder, "store")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(run)
    os.makedirs(store)
    port = _free_port()
    config = os.path.join(run, "nginx.conf")
    with open(config, "w") as f:
        f.write(CONFIG.format(user="user root;" if os.getuid() == 0 else "", run=run, port=port, store=store))
    process = subprocess.Popen([NGINX, "-c", config, "-p", run, "-e", os.path.join(run, "error.log")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return process, f"http://127.0.0.1:{port}/thumbgen", store
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"nginx did not listen on {port}")


def _photos(ctx, jpegs, folder, count):
    if os.path.isdir(folder) and len(os.listdir(folder)) == count:
        return
    shutil.rmtree(folder, ignore_errors=True)
    script = os.path.join(ctx["bench_dir"], "peers", "tiles.py")
    subprocess.run([ctx["python"], script, "--size=1024x768", folder, str(count)] + [p["path"] for p in jpegs], check=True)


def _clone(work, photos):
    """A fresh clone: the originals and the manifest, nothing thumbgen made."""
    shutil.rmtree(work, ignore_errors=True)
    link_tree([{"path": os.path.join(photos, name)} for name in sorted(os.listdir(photos))], os.path.join(work, "corpus"))
    manifest = os.path.join(work, "manifest.yaml")
    with open(manifest, "w") as f:
        f.write(manifest_text(["*.jpg"], formats=("webp",)))
    return manifest


def _build(ctx, manifest, *arguments):
    started = time.monotonic()
    done = subprocess.run([ctx["thumbgen"], "build", manifest, "--jobs", "2", "--json", *arguments],
                          check=True, capture_output=True, text=True)
    seconds = time.monotonic() - started
    summary = json.loads(done.stdout)
    return seconds, summary.get("cache", {}), summary


def _copy_made(source, target):
    """What `actions/cache` restores: every file thumbgen made beside the originals, the index
    and its state folder (the originals are the clone's own)."""
    for folder, _, names in os.walk(source):
        for name in names:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, source)
            if os.path.exists(os.path.join(target, relative)):
                continue
            os.makedirs(os.path.dirname(os.path.join(target, relative)), exist_ok=True)
            shutil.copy2(path, os.path.join(target, relative))


def shared_cache(ctx, jpegs, count=1000, reps=3):
    if not os.path.exists(NGINX):
        raise RuntimeError("needs nginx (scripts/install-deps.sh --test installs it)")
    work = os.path.join(ctx["scratch"], "cache")
    photos = os.path.join(work, "photos", str(count))
    _photos(ctx, jpegs, photos, count)
    process, url, store = _start_nginx(os.path.join(work, "server"))
    try:
        times = {"cold": [], "fill": [], "remote": [], "restore": [], "noop": []}
        moved = {}
        for rep in range(reps):
            cold = _clone(os.path.join(work, "cold"), photos)
            seconds, _, summary = _build(ctx, cold, "--no-cache")
            times["cold"].append(seconds)
            times["noop"].append(_build(ctx, cold, "--no-cache")[0])
            shutil.rmtree(store)
            os.makedirs(store)
            seconds, moved["fill"], _ = _build(ctx, _clone(os.path.join(work, "fill"), photos), "--cache", url)
            times["fill"].append(seconds)
            seconds, moved["remote"], remote = _build(ctx, _clone(os.path.join(work, "remote"), photos), "--cache", url, "--cache-read-only")
            times["remote"].append(seconds)
            restored = _clone(os.path.join(work, "restore"), photos)
            _copy_made(os.path.join(work, "cold"), os.path.join(work, "restore"))
            seconds, _, restore = _build(ctx, restored, "--no-cache")
            times["restore"].append(seconds)
        medians = {name: statistics.median(values) for name, values in times.items()}
        return {"images": count, "size": "1024x768", "formats": ["webp"], "reps": reps, "times": times, "medians": medians,
                "remote_ratio": medians["remote"] / medians["cold"], "restore_ratio": medians["restore"] / medians["cold"],
                "moved": moved, "written_cold": summary["written"], "written_remote": remote["written"],
                "written_restore": restore["written"], "store_bytes": sum(os.path.getsize(os.path.join(d, n))
                                                                         for d, _, ns in os.walk(store) for n in ns)}
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
