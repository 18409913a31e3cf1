#!/usr/bin/env bash
# One entry point for people and CI:
#   ./dev.sh run     install what is missing, build, start the app
#   ./dev.sh test    install what is missing, build, run every test (ctest)
#   ./dev.sh build   install what is missing, build
# Environment: BUILD_DIR (default build), WERROR=ON (warnings are errors), JOBS,
# KOSA8DESK_THIRD_PARTY_ARCHIVES (source archives for building KSyntaxHighlighting offline; default
# ../shared/third_party when that folder exists).
set -euo pipefail
cd "$(dirname "$0")"
root=$PWD
build_dir=${BUILD_DIR:-build}
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
action=${1:-run}
shift || true

install_deps() {
    case "$(uname -s)" in
        Linux) packaging/deps-debian.sh "$@" ;;
        Darwin) packaging/deps-macos.sh "$@" ;;
        *) echo "dev.sh: unsupported system $(uname -s)" >&2; exit 1 ;;
    esac
}

cmake_prefix=()
if [ "$(uname -s)" = Darwin ]; then
    cmake_prefix=(-DCMAKE_PREFIX_PATH="$(brew --prefix qt)" -DOPENSSL_ROOT_DIR="$(brew --prefix openssl@3)")
fi

# A virtual environment for the Python client's tests, with the real langchain and langgraph
# from PyPI. Re-installed only when the package or its pins change.
make_venv() {
    local venv="$build_dir/venv"
    local stamp="$venv/.installed"
    local inputs
    inputs=$(cat clients/python/pyproject.toml clients/python/requirements-test.txt 2>/dev/null | cksum)
    if [ ! -x "$venv/bin/python" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$inputs" ]; then
        echo "Preparing the Python test environment in $venv"
        python3 -m venv "$venv"
        "$venv/bin/python" -m pip install -q --upgrade pip
        local pins=()
        [ -f clients/python/requirements-test.txt ] && pins=(-r clients/python/requirements-test.txt)
        "$venv/bin/python" -m pip install -q ${pins[@]+"${pins[@]}"} -e "clients/python[langchain,langgraph]" pytest
        echo "$inputs" > "$stamp"
    fi
}

# Where the system has no KF6 SyntaxHighlighting the build makes its own (cmake/KSyntaxHighlighting.cmake),
# from git or, on machines that reach no source host, from the archives next to the repository.
third_party=()
if [ -z "${KOSA8DESK_THIRD_PARTY_ARCHIVES:-}" ] && [ -d "$root/../shared/third_party" ]; then
    third_party=(-DKOSA8DESK_THIRD_PARTY_ARCHIVES="$(cd "$root/../shared/third_party" && pwd)")
fi

configure_and_build() {
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DKOSA8DESK_WERROR="${WERROR:-OFF}" "$@" ${cmake_prefix[@]+"${cmake_prefix[@]}"} \
        ${third_party[@]+"${third_party[@]}"} >/dev/null
    cmake --build "$build_dir" -j "$jobs"
}

case "$action" in
    run)
        install_deps
        configure_and_build
        exec "$build_dir/src/app/kosa8-desk" "$@"
        ;;
    build)
        install_deps
        configure_and_build
        ;;
    test)
        install_deps --test
        make_venv
        configure_and_build -DKOSA8DESK_PYTHON="$root/$build_dir/venv/bin/python"
        ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" "$@"
        ;;
    *)
        echo "usage: ./dev.sh run|test|build" >&2
        exit 2
        ;;
esac
