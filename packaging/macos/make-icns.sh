#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# NOT BUILT HERE: needs macOS (sips, iconutil); no machine of this project runs it. A draft.
#
# Makes packaging/macos/kosa8-desk.icns from the app icon's SVG, for the bundle
# (src/app/CMakeLists.txt picks the .icns up when it exists; it is not committed).
#   packaging/macos/make-icns.sh [BUILD_DIR]
# The SVG is first rendered to a 1024 px PNG: with the build's k8_render_icon (Qt's SVG renderer,
# the same as the Linux PNGs; BUILD_DIR defaults to build) when it is there, else with rsvg-convert
# (brew install librsvg). sips then scales it to each size an .iconset holds, and iconutil packs them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
svg="$root/packaging/icons/kosa8-desk.svg"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

master="$work/master.png"
if [ -x "$build/k8_render_icon" ]; then
    QT_QPA_PLATFORM=offscreen "$build/k8_render_icon" "$svg" 1024 "$master"
elif command -v rsvg-convert >/dev/null; then
    rsvg-convert -w 1024 -h 1024 "$svg" -o "$master"
else
    echo "make-icns.sh: build k8_render_icon first (cmake --build $build --target k8_render_icon) or install librsvg" >&2
    exit 1
fi

iconset="$work/kosa8-desk.iconset"
mkdir -p "$iconset"
# The names iconutil expects: icon_<N>x<N>.png and the double-density icon_<N>x<N>@2x.png.
for size in 16 32 128 256 512; do
    sips -z "$size" "$size" "$master" --out "$iconset/icon_${size}x${size}.png" >/dev/null
    double=$((size * 2))
    sips -z "$double" "$double" "$master" --out "$iconset/icon_${size}x${size}@2x.png" >/dev/null
done
iconutil -c icns "$iconset" -o "$here/kosa8-desk.icns"
echo "made $here/kosa8-desk.icns"
