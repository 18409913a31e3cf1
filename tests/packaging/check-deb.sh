#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The ctest packaging_deb (tests/packaging/CMakeLists.txt): makes the .deb with cpack into OUT,
# checks what it holds (dpkg-deb -c) and declares (dpkg-deb -f), unpacks it and runs
# packaging/check-installed-package.sh on the unpacked tree.
#   check-deb.sh BUILD_DIR OUT_DIR VERSION LEDGER
set -uo pipefail
build=$1 out=$2 version=$3 ledger=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"

if ! (cd "$out" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out") >"$out/cpack.log" 2>&1; then
    cat "$out/cpack.log"
    echo "check-deb.sh: cpack failed" >&2
    exit 1
fi
debs=("$out"/kosa8-desk_*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
    cat "$out/cpack.log"
    echo "check-deb.sh: expected one kosa8-desk_*.deb in $out, found: ${debs[*]}" >&2
    exit 1
fi
deb=${debs[0]}
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"

failures=0
fail() {
    echo "check-deb.sh: FAILED: $*" >&2
    failures=$((failures + 1))
}

contents=$(dpkg-deb -c "$deb") || fail "dpkg-deb -c $deb"
for path in ./usr/bin/kosa8-desk ./usr/share/applications/kosa8-desk.desktop \
    ./usr/share/icons/hicolor/scalable/apps/kosa8-desk.svg \
    ./usr/share/icons/hicolor/48x48/apps/kosa8-desk.png ./usr/share/icons/hicolor/512x512/apps/kosa8-desk.png; do
    grep -qE " ${path//./\\.}$" <<<"$contents" || fail "the package lacks $path"
done
grep -qE " \./usr/share/metainfo/[^/]+\.metainfo\.xml$" <<<"$contents" || fail "the package has no metainfo"
# Nothing of the build tree or of the third-party build (KSyntaxHighlighting is linked statically).
if grep -E "\./usr/(include|lib/cmake)|third_party" <<<"$contents"; then
    fail "the package holds build-only files (above)"
fi

[ "$(dpkg-deb -f "$deb" Package)" = kosa8-desk ] || fail "Package is not kosa8-desk"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version: $(dpkg-deb -f "$deb" Version)"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
# dpkg-shlibdeps's part (what the binary links) and the declared one (the SVG icon engine plugin).
for package in libc6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6network6 libqt6svg6; do
    grep -qE "(^|, )$package( |,|$)" <<<"$depends" || fail "Depends lacks $package"
done

root="$out/root"
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x $deb"
# The metainfo together with the desktop file and the icons it names, as installed.
if command -v appstreamcli >/dev/null; then
    appstreamcli validate-tree --no-net --no-color "$root" || fail "appstreamcli validate-tree $root"
fi
"$here/../../packaging/check-installed-package.sh" --root "$root" --version "$version" --ledger "$ledger" ||
    fail "packaging/check-installed-package.sh on the unpacked package"

if [ $failures -ne 0 ]; then
    echo "check-deb.sh: $failures check(s) failed" >&2
    exit 1
fi
echo "check-deb.sh: the package holds, declares and runs what it should"
