"""Runs a tool's workers in parallel and measures wall, CPU, the largest process's peak RSS and
the whole run's peak memory.

Each worker is a shell script of commands, each command run under `/usr/bin/time`, which appends
that process's peak RSS (ru_maxrss, KiB) and exit status to a file. Why not read ru_maxrss from
os.wait4 here: Linux starts a child's ru_maxrss at its parent's RSS at fork/exec time, so a
tool started from this (large) Python process would report at least our RSS. /usr/bin/time and
sh are small, so the figure they see is the tool's own.

The whole peak: what all of a run's processes hold at once (thumbgen's one process holding two
jobs' decodes against a peer's two worker processes). Each run gets a fresh cgroup v1 memory
group under the harness's own; every worker's sh joins it first, so the tool and its children
are inside; a sampler thread reads, every 5 ms, the group's `total_rss` (memory.stat: anonymous
memory charged to the group, page cache left out; not memory.max_usage_in_bytes, which counts
page cache, charged in v1 to whoever touched a page first) and the summed VmRSS of the tool's
processes in it (resident pages from /proc/PID/statm; sh and /usr/bin/time, the harness's
wrappers, left out; the processes listed again every 20 ms), and keeps the peak of each. Without a writable v1 memory group (cgroup v2 only, no permission), the
sampler sums the VmRSS of the workers' process trees instead (found through /proc), and the whole
peak is that sum.

CPU is the RUSAGE_CHILDREN delta around the run: user + sys of every process the workers
started (the tool's processes, plus sh and time, about a millisecond per command).
"""
import os
import resource
import shlex
import statistics
import subprocess
import sys
import threading
import time

TIME = "/usr/bin/time"
SAMPLE_SECONDS = 0.005
GROUP_PREFIX = "thumbgen-bench-"


def write_worker_script(path, commands, rss_file, group=None):
    """A sh script running `commands` (argv lists) one after another, each under /usr/bin/time;
    with `group`, the sh joins that memory cgroup first (its children are born inside)."""
    lines = ["#!/bin/sh"]
    if group:
        lines.append(f"echo $$ > {shlex.quote(os.path.join(group, 'cgroup.procs'))}")
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


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


# --- the whole peak: a memory cgroup per run, or the workers' process trees --------------------

def own_memory_group():
    """The folder of the cgroup v1 memory group this process is in, or None (cgroup v2 only, or no
    memory controller): /proc/self/cgroup's `memory` line, under the mount of that hierarchy."""
    try:
        with open("/proc/self/cgroup") as f:
            lines = f.read().splitlines()
        with open("/proc/self/mountinfo") as f:
            mounts = f.read().splitlines()
    except OSError:
        return None
    relative = next((line.split(":", 2)[2] for line in lines
                     if len(line.split(":", 2)) == 3 and "memory" in line.split(":", 2)[1].split(",")), None)
    if relative is None:
        return None
    for line in mounts:
        left, _, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if len(fields) < 5 or len(tail) < 3 or tail[0] != "cgroup" or "memory" not in tail[2].split(","):
            continue
        root, mount = fields[3], fields[4]  # the part of the hierarchy mounted there, and where
        if root == "/" or relative == root or relative.startswith(root + "/"):
            inside = relative if root == "/" else relative[len(root):]
            group = os.path.join(mount, inside.lstrip("/"))
            if os.path.exists(os.path.join(group, "memory.stat")):
                return group
    return None


def _remove_group(group, patience=10.0):
    """rmdir of a run's group once its processes have exited; False if it could not be removed."""
    deadline = time.monotonic() + patience
    while True:
        try:
            os.rmdir(group)
            return True
        except FileNotFoundError:
            return True
        except OSError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)


def _remove_stale_groups(parent):
    """Groups left by a harness that died mid-run (its pid gone), emptied by now: removed."""
    for name in os.listdir(parent):
        if not name.startswith(GROUP_PREFIX):
            continue
        try:
            pid = int(name[len(GROUP_PREFIX):].split("-")[0])
            os.kill(pid, 0)
        except ProcessLookupError:
            _remove_group(os.path.join(parent, name), patience=0)
        except (ValueError, PermissionError):
            pass


def _detect_method():
    """("cgroup", parent group, why) when a child group can be made under ours and a sh can join
    it; else ("proc", None, why)."""
    parent = own_memory_group()
    if parent is None:
        return "proc", None, "no cgroup v1 memory group (cgroup v2 only, or no memory controller)"
    probe = os.path.join(parent, f"{GROUP_PREFIX}{os.getpid()}-probe")
    try:
        _remove_stale_groups(parent)
        os.mkdir(probe)
    except OSError as error:
        return "proc", None, f"cannot make a group under {parent} ({error.strerror})"
    try:
        procs = shlex.quote(os.path.join(probe, "cgroup.procs"))
        joined = subprocess.run(["sh", "-c", f"echo $$ > {procs} && grep -q '^total_rss ' "
                                 f"{shlex.quote(os.path.join(probe, 'memory.stat'))}"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    finally:
        _remove_group(probe, patience=2)
    if not joined:
        return "proc", None, f"a process cannot join a group under {parent}, or it has no total_rss"
    return "cgroup", parent, ""


_METHOD = None
_RUNS = iter(range(1, 1 << 62))


def memory_method():
    """(method, parent group, why not cgroup), detected once and said once on stderr."""
    global _METHOD
    if _METHOD is None:
        _METHOD = _detect_method()
        method, parent, why = _METHOD
        where = f" (groups made under {parent})" if parent else f" ({why})"
        log("whole memory peak: " + memory_note() + where)
    return _METHOD


def memory_note():
    """How the whole peak is measured on this machine, in one sentence for the report."""
    method, parent, _ = memory_method() if _METHOD is None else _METHOD
    every = f"sampled every {SAMPLE_SECONDS * 1000:g} ms"
    if method == "cgroup":
        return ("each run in a cgroup v1 memory group of its own, under the harness's; the figure is the group's "
                "peak total_rss (anonymous memory: page cache and the pages of binaries and shared libraries left "
                "out), in brackets the peak of the tool's processes' RSS summed (shared libraries counted in each), "
                f"both {every}")
    return ("no writable cgroup v1 memory group on this machine: the figure is the peak of the RSS of the workers' "
            f"process trees summed (shared libraries counted in each), {every}; the brackets repeat it")


PAGE = os.sysconf("SC_PAGE_SIZE")
# Samples between listings of the run's processes: listing (opening cgroup.procs, or walking
# /proc) costs more than the rest of a sample together; a new process is seen within 20 ms.
LIST_EVERY = 4


def _name_and_ppid(pid):
    """(name, ppid) from /proc/PID/status, or None when it has gone."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            data = f.read(4096)
    except OSError:
        return None
    at = data.find(b"\nPPid:")
    if at < 0:
        return None
    return data[5:data.find(b"\n")].strip(), int(data[at + 6:data.find(b"\n", at + 1)])


def _children(pid):
    """Child pids of every thread of `pid` (/proc/PID/task/TID/children)."""
    found = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


class Sampler(threading.Thread):
    """Every SAMPLE_SECONDS: the group's total_rss (with a group) and the summed resident size of
    the tool's processes (the group's, or the trees under `roots`); keeps the peak of each.

    Left out of the sum: the worker sh processes (the harness's children) and the /usr/bin/time
    each command runs under, about a megabyte each; their few anonymous pages stay in total_rss.
    Each process is told apart once, from its status; then its statm is read at each sample
    (resident pages, VmRSS), from a file kept open."""

    def __init__(self, group=None):
        super().__init__(daemon=True)
        self.group, self.roots = group, []
        self.peak_total = self.peak_summed = self.samples = self.most_processes = 0
        self.cpu = 0.0
        self._done = False
        self._tools = {}  # pid: its /proc/PID/statm, kept open
        self._wrappers = set()  # pids of the worker sh processes and their /usr/bin/time
        self._shells = set()  # the worker sh processes
        self._me = os.getpid()

    def stop(self):
        self._done = True  # seen within a sample's interval
        self.join()

    def run(self):
        started = time.thread_time()
        stat = procs = None
        if self.group:
            # memory.stat is read again at offset 0; cgroup.procs is opened each time (v1 keeps
            # the pid list an open file read first, however the group changes after).
            stat = os.open(os.path.join(self.group, "memory.stat"), os.O_RDONLY)
            procs = os.path.join(self.group, "cgroup.procs")
        try:
            while True:
                done = self._done
                self._sample(stat, procs)
                if done:
                    break
                time.sleep(SAMPLE_SECONDS)  # half the CPU of an Event.wait with a timeout here
        finally:
            for fd in [stat, *self._tools.values()]:
                if fd is not None:
                    os.close(fd)
            self.cpu = time.thread_time() - started

    def _pids(self, procs):
        if procs is not None:
            with open(procs, "rb") as f:
                return [int(p) for p in f.read().split()]
        pids, todo = [], list(self.roots)
        while todo:
            pid = todo.pop()
            pids.append(pid)
            todo += _children(pid)
        return pids

    def _list(self, procs):
        """The run's processes again: new ones told apart, gone ones dropped."""
        pids = self._pids(procs)
        listed = set(pids)
        for pid in [p for p in self._tools if p not in listed]:
            os.close(self._tools.pop(pid))
        self._wrappers &= listed
        self._shells &= listed
        for pid in pids:  # parents before children: cgroup.procs is in pid order, the walk top down
            if pid in self._tools or pid in self._wrappers:
                continue
            seen = _name_and_ppid(pid)
            if seen is None:
                continue
            name, ppid = seen
            if ppid == self._me:  # a worker's sh
                self._shells.add(pid)
                self._wrappers.add(pid)
            elif ppid in self._shells:
                if name == b"time":  # the /usr/bin/time a command runs under
                    self._wrappers.add(pid)
                # else: the sh's fork before it has exec'd time; told apart at the next listing
            else:  # the tool, or a child of it
                try:
                    self._tools[pid] = os.open(f"/proc/{pid}/statm", os.O_RDONLY)
                except OSError:
                    pass
        self.most_processes = max(self.most_processes, len(pids))

    def _sample(self, stat, procs):
        if stat is not None:
            data = os.pread(stat, 1 << 16, 0)
            at = data.find(b"\ntotal_rss ") + 11
            self.peak_total = max(self.peak_total, int(data[at:data.find(b"\n", at)]))
        if self.samples % LIST_EVERY == 0:
            self._list(procs)
        summed = 0
        for fd in self._tools.values():
            try:
                summed += int(os.pread(fd, 256, 0).split()[1]) * PAGE  # 0 once it has exited
            except (OSError, IndexError, ValueError):
                pass
        self.peak_summed = max(self.peak_summed, summed)
        self.samples += 1


def run_workers(worker_commands, work_dir, env=None):
    """Runs one worker per entry of `worker_commands` (each a list of argv lists) in parallel.

    Returns {"wall", "cpu", "rss_mb" (largest single process), "whole_mb" (the whole run's peak:
    the group's total_rss, or without a group the summed RSS), "summed_mb" (the tool's processes'
    VmRSS summed, at its peak), "memory_method", "sampler_cpu", "others_cores", "processes",
    "failed"}; the workers' output and errors go to work_dir/worker-N.log.
    """
    os.makedirs(work_dir, exist_ok=True)
    method, parent, _ = memory_method()
    group = os.path.join(parent, f"{GROUP_PREFIX}{os.getpid()}-{next(_RUNS)}") if method == "cgroup" else None
    scripts = []
    for n, commands in enumerate(worker_commands):
        script = os.path.join(work_dir, f"worker-{n}.sh")
        rss_file = os.path.join(work_dir, f"worker-{n}.rss")
        if os.path.exists(rss_file):
            os.remove(rss_file)
        write_worker_script(script, commands, rss_file, group)
        scripts.append((script, rss_file, os.path.join(work_dir, f"worker-{n}.log")))

    if group:
        os.mkdir(group)
    sampler = Sampler(group)
    try:
        sampler.start()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        busy_before = _busy_seconds()
        start = time.perf_counter()
        running = []
        for script, _, log_path in scripts:
            with open(log_path, "w") as out:
                running.append(subprocess.Popen(["sh", script], stdout=out, stderr=subprocess.STDOUT,
                                                stdin=subprocess.DEVNULL, env=env))
            sampler.roots.append(running[-1].pid)
        for process in running:
            process.wait()
        wall = time.perf_counter() - start
        busy = _busy_seconds() - busy_before
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    finally:
        sampler.stop()
        if group and not _remove_group(group):
            log(f"memory group {group} still has processes; left in place")
    if group and not sampler.most_processes and wall > 4 * SAMPLE_SECONDS:
        log(f"no process seen in {group}: the workers did not join it (see {work_dir}/worker-*.log)")

    records = [r for _, rss_file, _ in scripts for r in _read_rss(rss_file)]
    return {
        "wall": wall,
        "cpu": cpu,
        # Cores that other processes (other people's builds) kept busy meanwhile: the noise
        # (the sampler's own CPU is ours, not theirs).
        "others_cores": max(0.0, busy - cpu - sampler.cpu) / wall if wall else 0.0,
        "rss_mb": max((kib for kib, _ in records), default=0) / 1024,
        "whole_mb": (sampler.peak_total if group else sampler.peak_summed) / 2**20,
        "summed_mb": sampler.peak_summed / 2**20,
        "memory_method": method,
        "sampler_cpu": sampler.cpu, "samples": sampler.samples,
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
            **whole_medians(tool_runs),
            "failed": sum(f["failed"] for f in tool_runs)}


def whole_text(figures):
    """The whole peak for a progress line: 'whole 250 MB (252 summed)'."""
    return f"whole {figures['whole_mb']:4.0f} MB ({figures['summed_mb']:.0f} summed)"


def whole_medians(tool_runs):
    """The whole peak's medians over rounds (absent from records made before it was measured)."""
    if not all("whole_mb" in f for f in tool_runs):
        return {}
    return {"whole_mb": statistics.median(f["whole_mb"] for f in tool_runs),
            "whole_mbs": [f["whole_mb"] for f in tool_runs],
            "summed_mb": statistics.median(f["summed_mb"] for f in tool_runs),
            "sampler_cpu": statistics.median(f["sampler_cpu"] for f in tool_runs)}
