#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# NOT BUILT HERE: needs macOS with Homebrew's Qt; no machine of this project runs it. A draft of
# the recipe, to be tried on a Mac before anyone relies on it.
#
# Builds "kosa8 Desk.app", copies Qt's frameworks and plugins into it with macdeployqt, signs it
# (ad hoc unless a Developer ID is given) and makes a disk image for the Homebrew cask
# (packaging/macos/kosa8-desk.rb).
#   packaging/macos/deploy.sh                      ad-hoc signature (runs on this Mac only)
#   CODESIGN_IDENTITY="Developer ID Application: NAME (TEAMID)" packaging/macos/deploy.sh
# Notarisation (xcrun notarytool submit ... --wait; xcrun stapler staple) is left for when the
# project has an Apple developer account.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${BUILD_DIR:-$root/build-macos}
qt_prefix=$(brew --prefix qt)

# 1. The icon, then the bundle (src/app/CMakeLists.txt: MACOSX_BUNDLE with KOSA8DESK_MACOS_BUNDLE).
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKOSA8DESK_BUILD_TESTS=OFF \
    -DKOSA8DESK_BUILD_BENCH=OFF -DKOSA8DESK_MACOS_BUNDLE=ON -DCMAKE_OSX_DEPLOYMENT_TARGET=11.0 \
    -DCMAKE_PREFIX_PATH="$qt_prefix" -DOPENSSL_ROOT_DIR="$(brew --prefix openssl@3)"
cmake --build "$build" --target k8_render_icon
"$here/make-icns.sh" "$build"
cmake "$build" # picks up the new kosa8-desk.icns
cmake --build "$build" --target kosa8-desk
app="$build/src/app/kosa8 Desk.app"
[ -d "$app" ] || { echo "deploy.sh: $app was not built" >&2; exit 1; }

# 2. Qt's frameworks and plugins (platform, styles, the SVG icon engine) into the bundle.
"$qt_prefix/bin/macdeployqt" "$app" -always-overwrite

# 3. The signature. Placeholder: "-" signs ad hoc; a Developer ID with the hardened runtime is
#    what Gatekeeper accepts on other Macs.
identity=${CODESIGN_IDENTITY:--}
codesign --force --deep --options runtime --timestamp=none --sign "$identity" "$app"
codesign --verify --strict --verbose=2 "$app"

# 4. A quick look that it starts from the bundle without a display of its own.
"$app/Contents/MacOS/kosa8 Desk" --version

# 5. The disk image the cask downloads; its sha256 goes into kosa8-desk.rb.
version=$(sed -nE 's/^project\(kosa8-desk VERSION ([0-9.]+).*/\1/p' "$root/CMakeLists.txt")
dmg="$build/kosa8-desk-$version.dmg"
rm -f "$dmg"
hdiutil create -volname "kosa8 Desk" -srcfolder "$app" -ov -format UDZO "$dmg"
echo "made $dmg"
shasum -a 256 "$dmg"
