#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One entry point for people and CI:
#   ./dev.sh run     install what is missing, build, start the app
#   ./dev.sh test    install what is missing, build, run every test (ctest)
#   ./dev.sh build   install what is missing, build
#   ./dev.sh hooks   install a git pre-commit hook that refuses staged C++ files clang-format
#                    would change (CONTRIBUTING.md, "Formatting")
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

# The npm packages of the LangChain.js end-to-end test (tests/e2e/mcp-js: @langchain/mcp-adapters
# and what it needs, pinned by its package-lock.json), installed into the build folder with
# `npm ci`, again only when the lock file changes. That test needs Node.js 20.10 or newer; an older
# system Node gets a newer one beside it, from the npm registry's `node` package.
node_for_tests=""
make_mcp_js() {
    local dir="$build_dir/mcp-js"
    local stamp="$dir/.installed"
    local inputs
    node_for_tests=$(command -v node || true)
    if [ -z "$node_for_tests" ] || ! "$node_for_tests" -e \
        'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 10) ? 0 : 1)'; then
        echo "Fetching Node.js 20 for the LangChain.js test into $build_dir/node (system Node is missing or older than 20.10)"
        npm install -q --no-audit --no-fund --prefix "$build_dir/node" node@20 >/dev/null
        node_for_tests="$root/$build_dir/node/node_modules/.bin/node"
    fi
    inputs=$(cat tests/e2e/mcp-js/package.json tests/e2e/mcp-js/package-lock.json | cksum)
    if [ ! -d "$dir/node_modules" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$inputs" ]; then
        echo "Installing the LangChain.js test's npm packages in $dir"
        mkdir -p "$dir"
        cp tests/e2e/mcp-js/package.json tests/e2e/mcp-js/package-lock.json "$dir/"
        (cd "$dir" && PATH="$(dirname "$node_for_tests"):$PATH" npm ci -q --no-audit --no-fund >/dev/null)
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

# The pre-commit hook. It checks what is staged (the index), not the working tree, so a file
# fixed on disk but not re-added still fails. git rev-parse --git-path names the hooks folder in a
# clone and in a worktree alike (worktrees share their repository's hooks).
install_hooks() {
    local hooks_dir
    hooks_dir=$(git rev-parse --git-path hooks)
    mkdir -p "$hooks_dir"
    cat >"$hooks_dir/pre-commit" <<'HOOK'
#!/usr/bin/env bash
# Written by ./dev.sh hooks: refuses a commit whose staged C++ files clang-format would change.
# Skip once with git commit --no-verify.
set -euo pipefail
if ! command -v clang-format >/dev/null 2>&1; then
    echo "pre-commit: clang-format is not installed (packaging/deps-debian.sh --dev installs it)" >&2
    exit 1
fi
cd "$(git rev-parse --show-toplevel)"
status=0
while IFS= read -r -d '' file; do
    # The staged content, formatted with the .clang-format that applies to its path.
    if ! git show ":$file" | clang-format --dry-run -Werror --assume-filename="$file" >/dev/null 2>&1; then
        echo "pre-commit: not formatted: $file" >&2
        status=1
    fi
done < <(git diff --cached --name-only --diff-filter=ACMR -z -- '*.cpp' '*.h')
if [ "$status" -ne 0 ]; then
    echo "pre-commit: run clang-format -i on the files above and git add them again." >&2
fi
exit "$status"
HOOK
    chmod +x "$hooks_dir/pre-commit"
    echo "Installed $hooks_dir/pre-commit (clang-format --dry-run -Werror on staged C++ files)"
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
        make_mcp_js
        configure_and_build -DKOSA8DESK_PYTHON="$root/$build_dir/venv/bin/python" \
            -DKOSA8DESK_MCP_JS_DIR="$root/$build_dir/mcp-js" -DKOSA8DESK_NODE="$node_for_tests"
        ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" "$@"
        ;;
    hooks)
        install_hooks
        ;;
    *)
        echo "usage: ./dev.sh run|test|build|hooks" >&2
        exit 2
        ;;
esac
