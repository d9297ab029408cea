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
    # -enable-testing: the targets drive the build's own internal rendition maker. swiftc keeps
    # only the last -sanitize= it is given, and SwiftPM's two --sanitize flags come out in an
    # order that changes from run to run: Swift code got coverage or AddressSanitizer at random,
    # never both. So both go in one flag to each compiler; --sanitize=fuzzer alone tells SwiftPM
    # to leave main to libFuzzer.
    flags="--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer,address -Xswiftc -enable-testing"
    # shellcheck disable=SC2086
    swift build --product "$target" $flags >/dev/null 2>&1 || swift build --product "$target" $flags
    if ! nm .build/debug/ImageCodecs.build/HEIFHeader.swift.o | grep -q __asan_; then
        echo "fuzz: thumbgen's code was built without AddressSanitizer" >&2
        exit 1
    fi
    case $target in
        FuzzJPEG) seeds=jpeg ;; FuzzPNG) seeds=png ;; FuzzHeaders) seeds=headers ;; FuzzManifest) seeds=manifest ;;
        FuzzHEIF) seeds=heif ;; FuzzWebP) seeds=webp ;; FuzzGIF) seeds=gif ;; FuzzIndex) seeds=index ;;
    esac
    corpus="$work/corpus-$seeds"
    mkdir -p "$corpus" "$work/crashes"
    log="$work/$target.log"
    # Without Swift's own backtracer a runtime trap reaches libFuzzer as a deadly signal, with
    # its stack (the backtracer's reads of the crashed process confuse AddressSanitizer).
    if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build/debug/$target "$corpus" "$work/seeds/$seeds" -max_total_time="$seconds" \
        -rss_limit_mb=2048 -timeout=20 -artifact_prefix="$work/crashes/$target-" -print_final_stats=1 >"$log" 2>&1; then
        # What CI shows is what is printed: the report's head (what went wrong, where, the stack),
        # the run's last lines, and the input itself.
        sed -n -e '/Fatal error: /p' -e '/ERROR: /,/^SUMMARY/p' "$log" | head -60
        tail -8 "$log"
        input=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
        if [ -f "$input" ]; then
            echo "the input, $(wc -c <"$input") bytes:"
            od -A d -c "$input" | head -60
        fi
        echo "fuzz: $target found a crash; the input is ${input:-not written}" >&2
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    # The harness alone has a few hundred counters; thumbgen's code instrumented, tens of thousands.
    counters=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters.*/\1/p' "$log" | head -1)
    if [ "${counters:-0}" -lt 10000 ]; then
        echo "fuzz: $target has ${counters:-no} coverage counters: thumbgen's code was built without coverage" >&2
        exit 1
    fi
    echo "fuzz: $target: $runs executions in ${seconds} s ($counters coverage counters), no crash"
done
