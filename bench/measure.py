"""Runs a tool's workers in parallel and measures wall, CPU and the largest process's peak RSS.

Each worker is a shell script of commands, each command run under `/usr/bin/time`, which appends
that process's peak RSS (ru_maxrss, KiB) and exit status to a file. Why not read ru_maxrss from
os.wait4 here: Linux starts a child's ru_maxrss at its parent's RSS at fork/exec time, so a
tool started from this (large) Python process would report at least our RSS. /usr/bin/time and
sh are small, so the figure they see is the tool's own.

CPU is the RUSAGE_CHILDREN delta around the run: user + sys of every process the workers
started (the tool's processes, plus sh and time, about a millisecond per command).
"""
import os
import resource
import shlex
import statistics
import subprocess
import time

TIME = "/usr/bin/time"


def write_worker_script(path, commands, rss_file):
    """A sh script running `commands` (argv lists) one after another, each under /usr/bin/time."""
    lines = ["#!/bin/sh"]
    for argv in commands:
        timed = [TIME, "-a", "-o", rss_file, "-f", "rss %M exit %x"] + [str(a) for a in argv]
        lines.append(" ".join(shlex.quote(a) for a in timed))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def _read_rss(rss_file):
    """[(peak KiB, exit status)] from the lines /usr/bin/time appended."""
    results = []
    if os.path.exists(rss_file):
        with open(rss_file) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 4 and parts[0] == "rss":
                    results.append((int(parts[1]), int(parts[3])))
    return results


def _busy_seconds():
    """CPU seconds all processes on the machine have used since boot (from /proc/stat)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def run_workers(worker_commands, work_dir, env=None):
    """Runs one worker per entry of `worker_commands` (each a list of argv lists) in parallel.

    Returns {"wall", "cpu", "rss_mb" (largest single process), "others_cores", "processes",
    "failed"}; the
    workers' output and errors go to work_dir/worker-N.log.
    """
    os.makedirs(work_dir, exist_ok=True)
    scripts = []
    for n, commands in enumerate(worker_commands):
        script = os.path.join(work_dir, f"worker-{n}.sh")
        rss_file = os.path.join(work_dir, f"worker-{n}.rss")
        if os.path.exists(rss_file):
            os.remove(rss_file)
        write_worker_script(script, commands, rss_file)
        scripts.append((script, rss_file, os.path.join(work_dir, f"worker-{n}.log")))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy_before = _busy_seconds()
    start = time.perf_counter()
    running = []
    for script, _, log in scripts:
        with open(log, "w") as out:
            running.append(subprocess.Popen(["sh", script], stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=env))
    for process in running:
        process.wait()
    wall = time.perf_counter() - start
    busy = _busy_seconds() - busy_before
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    records = [r for _, rss_file, _ in scripts for r in _read_rss(rss_file)]
    return {
        "wall": wall,
        "cpu": cpu,
        # Cores that other processes (other people's builds) kept busy meanwhile: the noise.
        "others_cores": max(0.0, busy - cpu) / wall if wall else 0.0,
        "rss_mb": max((kib for kib, _ in records), default=0) / 1024,
        "processes": len(records),
        "failed": sum(1 for _, status in records if status != 0),
    }


def cpu_of(commands, env=None):
    """CPU seconds (user + sys) of running `commands` one after another, output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for argv in commands:
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def balanced_halves(images, workers=2):
    """Splits images into `workers` lists of about equal pixels (largest first, to the lightest)."""
    shares = [[] for _ in range(workers)]
    loads = [0] * workers
    for image in sorted(images, key=lambda e: (-e["width"] * e["height"], e["name"])):
        lightest = loads.index(min(loads))
        shares[lightest].append(image)
        loads[lightest] += image["width"] * image["height"]
    return [s for s in shares if s]


def rotated(items, round_number):
    """The round's order: `items` rotated by the round number, so no tool always goes first."""
    shift = round_number % len(items)
    return items[shift:] + items[:shift]


def medians(tool_runs):
    """Medians over rounds of one tool's figures, with the per-round walls kept for the range."""
    return {"wall": statistics.median(f["wall"] for f in tool_runs), "walls": [f["wall"] for f in tool_runs],
            "cpu": statistics.median(f["cpu"] for f in tool_runs), "cpus": [f["cpu"] for f in tool_runs],
            "rss_mb": statistics.median(f["rss_mb"] for f in tool_runs),
            "failed": sum(f["failed"] for f in tool_runs)}
