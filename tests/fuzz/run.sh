#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs the fuzz harnesses of tests/fuzz with libFuzzer for a given time each.
#
#   tests/fuzz/run.sh SECONDS [--merge] [NAME...]
#
# Configures its own build folder with clang and -DKOSA8DESK_FUZZ=ON (K8_FUZZ_BUILD, default
# build-fuzz), builds the harnesses (all, or the NAMEs given: line_framer, json_rpc, ...) and runs
# each for SECONDS, seeded from tests/fuzz/corpus/NAME. What libFuzzer finds goes to
# K8_FUZZ_BUILD/corpus/NAME; with --merge the inputs that add coverage are merged into the seed
# corpus (-merge=1). Crashes and invariant failures are written to K8_FUZZ_BUILD/artifacts/NAME/.
# Extra cmake arguments: K8_FUZZ_CMAKE_ARGS (e.g. -DCMAKE_PREFIX_PATH=...); extra libFuzzer flags:
# K8_FUZZ_FLAGS. Prints one line of figures per harness; exits 1 when any harness failed.
set -eu

usage() {
    echo "usage: $0 SECONDS [--merge] [NAME...]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
seconds=$1
shift
case $seconds in '' | *[!0-9]*) usage ;; esac
merge=0
if [ "${1:-}" = "--merge" ]; then
    merge=1
    shift
fi

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${K8_FUZZ_BUILD:-$root/build-fuzz}
all="line_framer json_rpc payload_shapes rules ledger kosa8_lists egress_entry egress_policy code_reach canonical_json audit_stream"
names=${*:-$all}

command -v clang++ >/dev/null || { echo "$0: clang++ not found (apt-get install clang)" >&2; exit 2; }
# shellcheck disable=SC2086 # K8_FUZZ_CMAKE_ARGS holds several arguments
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DKOSA8DESK_FUZZ=ON \
    -DKOSA8DESK_BUILD_BENCH=OFF ${K8_FUZZ_CMAKE_ARGS:-} >/dev/null
targets=
for name in $names; do targets="$targets fuzz_$name"; done
# shellcheck disable=SC2086
nice cmake --build "$build" -j2 --target $targets

# Allocation stacks are not recorded (ASan's malloc_context_size=0): ASan keeps a stack for every
# allocation, which was the largest cost of the harnesses that allocate much (kosa8_lists,
# code_reach). Detection is the same; a report's "allocated by" and "freed by" stacks are empty, so
# reproduce a finding without it (the binary alone, as tests/fuzz/README.md says) to see them.
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=0}"

failed=0
printf '%-16s %14s %8s %10s %8s %8s\n' harness executions seconds exec/s crashes corpus
for name in $names; do
    work=$build/corpus/$name
    artifacts=$build/artifacts/$name
    mkdir -p "$work" "$artifacts"
    log=$build/fuzz_$name.log
    status=0
    started=$(date +%s)
    # shellcheck disable=SC2086
    "$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
        -rss_limit_mb=2048 -max_len=16384 -artifact_prefix="$artifacts/" ${K8_FUZZ_FLAGS:-} \
        "$work" "$here/corpus/$name" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    took=$(($(date +%s) - started))
    crashes=$(find "$artifacts" -type f | wc -l)
    size=$(find "$work" -type f | wc -l)
    printf '%-16s %14s %8s %10s %8s %8s\n' "$name" "${runs:-?}" "$took" "${rate:-?}" "$crashes" "$size"
    if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        failed=1
        echo "  fuzz_$name failed (exit $status); see $log and $artifacts" >&2
    fi
    if [ "$merge" -eq 1 ]; then
        "$build/tests/fuzz/fuzz_$name" -merge=1 -max_len=16384 "$here/corpus/$name" "$work" \
            >>"$log" 2>&1 || failed=1
    fi
done
exit $failed
