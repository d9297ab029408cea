#!/bin/sh
# What the thumbgen binary maps and holds besides its decodes, for --jobs 1, 2, 4 and 8: the
# measurements behind MemoryLimits' constants (worker stacks and malloc arenas in VmSize,
# resident growth in VmHWM). Samples /proc/PID/status every 5 ms during forced builds of the
# example site's originals into one 8x8 slot, so that the decodes themselves hold little.
# "at start" is the first VmSize of thumbgen, before the workers start. Needs `swift build -c release`.
set -eu
cd "$(dirname "$0")/.."
release=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$release/ExampleOriginals" "$work/example-site/images" >/dev/null
printf 'version: 1\nroot: example-site\nslots: { t: { size: 8x8, scales: [1] } }\nimages: [{ path: "images/*", slots: [t] }]\n' \
    >"$work/manifest.yaml"
for jobs in 1 2 4 8; do
    "$release/thumbgen" build "$work/manifest.yaml" --force --quiet --jobs "$jobs" &
    pid=$!
    peak=0 size=0 hwm=0 data=0 alone=0
    while status=$(cat /proc/$pid/status 2>/dev/null); do
        set -- $(printf '%s\n' "$status" |
            awk '/^Name/{n=$2} /^VmPeak/{p=$2} /^VmSize/{s=$2} /^VmHWM/{h=$2} /^VmData/{d=$2} /^Threads/{t=$2}
                 END{print (n == "thumbgen"), p+0, s+0, h+0, d+0, t+0}')
        if [ "$1" = 1 ]; then
            [ "$2" -gt "$peak" ] && peak=$2
            [ "$3" -gt "$size" ] && size=$3
            [ "$4" -gt "$hwm" ] && hwm=$4
            [ "$5" -gt "$data" ] && data=$5
            [ "$6" = 1 ] && [ "$alone" = 0 ] && alone=$3
        fi
        sleep 0.005
    done
    wait $pid || true
    echo "--jobs $jobs: VmSize $alone kB at start, $size kB at most; VmPeak $peak kB; VmHWM $hwm kB; VmData $data kB"
done
