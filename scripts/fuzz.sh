#!/bin/sh
# libFuzzer over the JPEG, PNG, HEIF, WebP and GIF probes and decoders, the animation detection and the manifest
# parser, each for $1 seconds (default 60; FUZZ_TARGETS picks some), from seed corpora the project makes itself. Prints
# each target's executions; a crash stops it with the input that caused it (make it a regression test).
set -eu
cd "$(dirname "$0")/../Fuzz"
seconds=${1:-60}
work=../.build/fuzz
mkdir -p "$work"
swift build -c release --product FuzzSeeds >/dev/null
.build/release/FuzzSeeds "$work/seeds" >/dev/null
for target in ${FUZZ_TARGETS:-FuzzJPEG FuzzPNG FuzzHeaders FuzzManifest FuzzHEIF FuzzWebP FuzzGIF FuzzIndex}; do
    # -enable-testing: the targets drive the build's own internal rendition maker.
    swift build --product "$target" --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing >/dev/null 2>&1 \
        || swift build --product "$target" --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing
    case $target in
        FuzzJPEG) seeds=jpeg ;; FuzzPNG) seeds=png ;; FuzzHeaders) seeds=headers ;; FuzzManifest) seeds=manifest ;;
        FuzzHEIF) seeds=heif ;; FuzzWebP) seeds=webp ;; FuzzGIF) seeds=gif ;; FuzzIndex) seeds=index ;;
    esac
    corpus="$work/corpus-$seeds"
    mkdir -p "$corpus" "$work/crashes"
    log="$work/$target.log"
    if ! ASAN_OPTIONS=detect_leaks=0 .build/debug/$target "$corpus" "$work/seeds/$seeds" -max_total_time="$seconds" \
        -rss_limit_mb=2048 -timeout=20 -artifact_prefix="$work/crashes/$target-" -print_final_stats=1 >"$log" 2>&1; then
        # What CI shows is what is printed: the report's head (what went wrong, where, the stack),
        # the run's last lines, and the input itself.
        sed -n '/ERROR: /,/^SUMMARY/p' "$log" | head -60
        tail -8 "$log"
        input=$(ls -t "$work/crashes/$target-"* | head -1)
        echo "the input, $(wc -c <"$input") bytes:"
        od -A d -c "$input" | head -60
        echo "fuzz: $target found a crash; the input is $input" >&2
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz: $target: $runs executions in ${seconds} s, no crash"
done
