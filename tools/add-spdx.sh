#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Puts the licence line on every source file of the repository that lacks it:
#   // SPDX-License-Identifier: Apache-2.0    C++ (.cpp, .h)
#   # SPDX-License-Identifier: Apache-2.0     CMake, shell, Python (and scripts with such a shebang)
# as the first line, or the second after a "#!" line. Running it again changes nothing.
#
#   tools/add-spdx.sh           add the line where it is missing, naming each file changed
#   tools/add-spdx.sh --check   change nothing; name each file without the line, exit 1 if any
#                               (the ctest spdx_headers, tests/CMakeLists.txt)
#   tools/add-spdx.sh [--check] DIR   the same in the tree at DIR (default: this repository)
#
# The files are those git tracks plus new ones it does not ignore; outside a git checkout, every
# file under DIR except build folders. Patches of other projects (cmake/patches) keep their own
# text.
set -euo pipefail

mode=add
if [ "${1:-}" = --check ]; then
    mode=check
    shift
fi
root=${1:-"$(cd "$(dirname "$0")/.." && pwd)"}
cd "$root"

readonly licence='SPDX-License-Identifier: Apache-2.0'

list_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files --cached --others --exclude-standard
    else
        find . -type f ! -path './.git/*' ! -path './build*' | sed 's|^\./||'
    fi
}

# The comment marker for a file, or nothing when the file is not a source file of ours.
comment_for() {
    local file=$1
    case "$file" in
        cmake/patches/*) return ;;
        *.cpp | *.h | *.mjs | *.js) echo '//' ;;
        CMakeLists.txt | */CMakeLists.txt | *.cmake | *.sh | *.py) echo '#' ;;
        *)
            # A script without an extension (tests/standin/kosa8): known by its shebang.
            case "$(basename "$file")" in *.*) return ;; esac
            if head -n 1 "$file" 2>/dev/null | grep -Eq '^#!.*(sh|bash|python3?)([[:space:]]|$)'; then
                echo '#'
            fi
            ;;
    esac
}

# Whether the licence line is where it belongs: line 1, or line 2 after a shebang.
has_licence() {
    local file=$1 marker=$2 first
    first=$(head -n 1 "$file")
    if [[ "$first" == '#!'* ]]; then
        first=$(sed -n 2p "$file")
    fi
    [ "$first" = "$marker $licence" ]
}

add_licence() {
    local file=$1 marker=$2 tmp
    tmp=$(mktemp)
    if [[ "$(head -n 1 "$file")" == '#!'* ]]; then
        { head -n 1 "$file"; echo "$marker $licence"; tail -n +2 "$file"; } >"$tmp"
    else
        { echo "$marker $licence"; cat "$file"; } >"$tmp"
    fi
    # Written through the existing file, so its mode (executable scripts) stays as it was.
    cat "$tmp" >"$file"
    rm -f "$tmp"
}

missing=0
while IFS= read -r file; do
    [ -f "$file" ] || continue
    marker=$(comment_for "$file")
    [ -n "$marker" ] || continue
    has_licence "$file" "$marker" && continue
    if [ "$mode" = check ]; then
        echo "missing SPDX licence line: $file"
        missing=$((missing + 1))
    else
        add_licence "$file" "$marker"
        echo "added: $file"
    fi
done < <(list_files | LC_ALL=C sort)

if [ "$mode" = check ] && [ "$missing" -gt 0 ]; then
    echo "$missing file(s) without '$licence'; run tools/add-spdx.sh to add it." >&2
    exit 1
fi
exit 0
