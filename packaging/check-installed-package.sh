#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks an installed kosa8 Desk package: the files where the desktop looks for them, a binary
# that finds every library it needs outside any build tree, and that it answers --version and
# --verify-ledger from its installed path. Quiet on success but for one line; loud on failure.
#
#   packaging/check-installed-package.sh                      the package installed on this system
#   packaging/check-installed-package.sh --root DIR --version V
#                                                             a package unpacked into DIR
#                                                             (dpkg-deb -x; tests/packaging/check-deb.sh)
#   --ledger FILE   the ledger to verify (default: tests/packaging/sample-ledger.jsonl, 3 entries)
#
# .ci/run runs it after `apt-get install ./kosa8-desk_*.deb`.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=""
version=""
ledger="$here/../tests/packaging/sample-ledger.jsonl"
while [ $# -gt 0 ]; do
    case "$1" in
        --root) root=${2%/}; shift 2 ;;
        --version) version=$2; shift 2 ;;
        --ledger) ledger=$2; shift 2 ;;
        *) echo "check-installed-package.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

failures=0
entries=""
fail() {
    echo "check-installed-package.sh: FAILED: $*" >&2
    failures=$((failures + 1))
}

if [ -z "$version" ]; then
    if [ -n "$root" ]; then
        echo "check-installed-package.sh: --root needs --version" >&2
        exit 2
    fi
    version=$(dpkg-query -W -f='${Version}' kosa8-desk 2>/dev/null) || {
        echo "check-installed-package.sh: the kosa8-desk package is not installed" >&2
        exit 1
    }
fi

usr="$root/usr"
binary="$usr/bin/kosa8-desk"

# The files, at the paths the freedesktop specifications and AppStream name.
expected=("$binary" "$usr/share/applications/kosa8-desk.desktop"
    "$usr/share/icons/hicolor/scalable/apps/kosa8-desk.svg")
for size in 16 24 32 48 64 128 256 512; do
    expected+=("$usr/share/icons/hicolor/${size}x${size}/apps/kosa8-desk.png")
done
for file in "${expected[@]}"; do
    [ -s "$file" ] || fail "missing or empty: $file"
done
[ -x "$binary" ] || fail "not executable: $binary"
# The metainfo is named after the AppStream id; the one that launches kosa8-desk.desktop.
metainfo=$(grep -l '<launchable type="desktop-id">kosa8-desk.desktop</launchable>' \
    "$usr"/share/metainfo/*.metainfo.xml 2>/dev/null | head -n 1)
[ -n "$metainfo" ] || fail "no metainfo in $usr/share/metainfo launches kosa8-desk.desktop"
# A PNG of the size its folder says (the header's width and height, bytes 17-24).
for size in 16 256; do
    png="$usr/share/icons/hicolor/${size}x${size}/apps/kosa8-desk.png"
    [ -s "$png" ] || continue
    dims=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $3 * 256 + $4 "x" $7 * 256 + $8}')
    [ "$dims" = "${size}x${size}" ] || fail "$png is $dims, not ${size}x${size}"
done

# Every library found, and none from a build tree (an RPATH or RUNPATH into it would hide a
# library the package fails to ship).
if [ -x "$binary" ]; then
    missing=$(ldd "$binary" 2>&1 | grep -F "not found")
    [ -z "$missing" ] || fail "$binary needs libraries that are not found: $missing"
    runpath=$(readelf -d "$binary" 2>/dev/null | grep -E "R(UN)?PATH" || true)
    [ -z "$runpath" ] || fail "$binary has an RPATH/RUNPATH: $runpath"
fi

# It runs from its installed path, without a display: --version names the package's version,
# --verify-ledger checks a real ledger's chain.
if [ -x "$binary" ]; then
    said=$(env -u DISPLAY -u WAYLAND_DISPLAY "$binary" --version 2>&1)
    status=$?
    if [ $status -ne 0 ]; then
        fail "$binary --version exited $status: $said"
    elif ! grep -qF "$version" <<<"$said"; then
        fail "$binary --version does not name version $version: $said"
    fi
    said=$(env -u DISPLAY -u WAYLAND_DISPLAY "$binary" --verify-ledger "$ledger" 2>&1)
    status=$?
    if [ $status -ne 0 ]; then
        fail "$binary --verify-ledger $ledger exited $status: $said"
    elif ! grep -qE "[0-9]+ entries chain" <<<"$said"; then
        fail "$binary --verify-ledger $ledger printed no entries line: $said"
    fi
    entries=$(grep -oE "[0-9]+ entries chain" <<<"$said")
fi

if [ $failures -ne 0 ]; then
    echo "check-installed-package.sh: $failures check(s) failed for ${root:-the installed package}" >&2
    exit 1
fi
echo "installed package ${version}: files, libraries, --version and --verify-ledger ($entries) fine"
