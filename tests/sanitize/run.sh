#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds kosa8 Desk with sanitizers in its own folder and runs the tests there (README.md here).
#
#   tests/sanitize/run.sh address [ctest args...]   ASan+UBSan (LeakSanitizer on), the whole suite
#   tests/sanitize/run.sh thread  [ctest args...]   TSan, the tests of the threads (ledger flush
#                                                   thread, agent service, history loader/filter)
#
# Build folder: build-asan or build-tsan next to this repository's root (K8_SANITIZE_BUILD
# overrides). KSyntaxHighlighting is linked as the normal build installed it
# (build/third_party/install; K8_SANITIZE_PREFIX overrides), uninstrumented, so it is not rebuilt.
# The Python client's tests are registered when build/venv (made by ./dev.sh test) exists
# (K8_SANITIZE_PYTHON overrides).
# Environment: WERROR=ON (warnings are errors), JOBS, K8_SANITIZE_CMAKE_ARGS (more cmake arguments),
# K8_SANITIZE_TARGETS (build only these targets; default all).
# ctest arguments replace the default selection of the thread run (-R ...) and are added to the
# address run's.
set -euo pipefail

kind=${1:-}
case $kind in
    address) default_build=build-asan ;;
    thread) default_build=build-tsan ;;
    *) echo "usage: $0 address|thread [ctest args...]" >&2; exit 2 ;;
esac
shift

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${K8_SANITIZE_BUILD:-$root/$default_build}
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}

# -O1 -g1 (line tables): the sanitizers' usual level; it compiles much faster than -O2 -g on a
# busy two-core machine, and the reports still name file and line.
cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1"
    -DKOSA8DESK_SANITIZE="$kind" -DKOSA8DESK_BUILD_BENCH=OFF -DKOSA8DESK_WERROR="${WERROR:-OFF}")
prefix=${K8_SANITIZE_PREFIX:-$root/build/third_party/install}
[ -d "$prefix" ] && cmake_args+=(-DCMAKE_PREFIX_PATH="$prefix")
if [ -z "${KOSA8DESK_THIRD_PARTY_ARCHIVES:-}" ] && [ -d "$root/../shared/third_party" ]; then
    cmake_args+=(-DKOSA8DESK_THIRD_PARTY_ARCHIVES="$(cd "$root/../shared/third_party" && pwd)")
fi
python=${K8_SANITIZE_PYTHON:-$root/build/venv/bin/python}
[ -x "$python" ] && cmake_args+=(-DKOSA8DESK_PYTHON="$python")
command -v ccache >/dev/null && cmake_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# shellcheck disable=SC2206 # K8_SANITIZE_CMAKE_ARGS holds several arguments
cmake_args+=(${K8_SANITIZE_CMAKE_ARGS:-})

# The thread run's tests: those whose code runs on more than one thread (the ledger's flush
# thread and the agent service that feeds it, durable answers, the run path, the history loader
# and filter). Only they are built, unless ctest arguments or K8_SANITIZE_TARGETS say otherwise:
# the e2e socket test needs the whole app built with TSan, which doubles the time
# (`run.sh thread -R tst_e2e_agent_socket` builds everything and runs it).
thread_tests="tst_ledger tst_ledgerflushthread tst_agentservice tst_durableanswers tst_runpath tst_runanswer tst_auditloader"
if [ "$kind" = thread ] && [ $# -eq 0 ]; then
    K8_SANITIZE_TARGETS=${K8_SANITIZE_TARGETS:-$thread_tests}
fi

cmake -S "$root" -B "$build" -G Ninja "${cmake_args[@]}" >/dev/null
# K8_SANITIZE_TARGETS: build only these targets (e.g. the core tests; then pass ctest -L core).
# shellcheck disable=SC2086 # several targets
cmake --build "$build" -j "$jobs" ${K8_SANITIZE_TARGETS:+--target $K8_SANITIZE_TARGETS}

# Every report goes to a file in $build/sanitizer-reports (log_path), also those of processes the
# tests start (the kosa8-desk binary under the e2e and Python tests), whose stderr a passing test
# may never show; any file there after the run fails it. Reports name file and line
# (llvm-symbolizer where installed, addr2line otherwise).
reports=$build/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"
common="print_suppressions=0:log_path=$reports/$kind"
export ASAN_OPTIONS="detect_leaks=1:strict_init_order=1:check_initialization_order=1:detect_stack_use_after_return=1:$common:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:${LSAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$here/ubsan.supp:$common:${UBSAN_OPTIONS:-}"
# die_after_fork=0: in the child QProcess forks from the multi-threaded test to exec kosa8, TSan
# saw a thread start before the exec ("starting new threads after multi-threaded fork") and
# killed the child, failing tst_agentservice's run tests. The child only execs (kosa8 is not
# instrumented).
export TSAN_OPTIONS="suppressions=$here/tsan.supp:second_deadlock_stack=1:halt_on_error=0:die_after_fork=0:$common:${TSAN_OPTIONS:-}"

# LeakSanitizer stops the process's threads with ptrace; where that is not allowed (some
# containers, or under a debugger) it dies with "LeakSanitizer has encountered a fatal error".
# Checked on a program that leaks nothing; without it the run goes on with leaks unchecked, and
# says so.
if [ "$kind" = address ]; then
    probe=$build/lsan-probe
    printf 'int main() { return 0; }\n' | ${CXX:-c++} -fsanitize=address -x c++ - -o "$probe"
    if ! ASAN_OPTIONS=detect_leaks=1 "$probe" >/dev/null 2>&1; then
        echo "$0: LeakSanitizer does not work here (ptrace not allowed?); leaks are NOT checked" >&2
        ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
    fi
fi

selection=()
if [ "$kind" = thread ] && [ $# -eq 0 ]; then
    selection=(-R "^(${thread_tests// /|})\$")
fi
status=0
ctest --test-dir "$build" --output-on-failure -j "$jobs" ${selection[@]+"${selection[@]}"} "$@" || status=$?

found=$(find "$reports" -type f | sort)
if [ -n "$found" ]; then
    for file in $found; do
        echo "---- sanitizer report $file ----"
        cat "$file"
    done
    echo "$0: $(echo "$found" | wc -l) sanitizer report(s) in $reports" >&2
    [ "$status" -ne 0 ] || status=1
fi
exit "$status"
