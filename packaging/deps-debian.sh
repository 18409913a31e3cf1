#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what kosa8 Desk needs to build, run and test on Debian 12+ / Ubuntu 22.04+.
# Only packages that are missing are installed; with nothing missing it changes nothing.
#   packaging/deps-debian.sh          build and run
#   packaging/deps-debian.sh --test   also what the test suite needs (python venv; the package's
#                                     checks: desktop-file-validate, appstreamcli, cpack's
#                                     dpkg-shlibdeps and file)
#                                     and the window tests (tests/window: Xvfb, xdotool, the
#                                     accessibility bus, pyatspi, imagemagick for screenshots)
#                                     and OpenSSH for tests/e2e/tst_e2e_ssh_forward
#   packaging/deps-debian.sh --dev    also developer tools (clang-format)
set -euo pipefail

packages=(build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-svg-dev libqt6svg6 qt6-qpa-plugins libgl-dev libspdlog-dev libssl-dev qtkeychain-qt6-dev
    perl patch git)
# qtkeychain-qt6-dev: connection tokens in the system keychain (src/core/secrets). The tests
# round-trip a token through a real Secret Service: dbus-daemon and gnome-keyring (--test, --dev).
# perl, patch, git and lconvert (qt6-l10n-tools): building KSyntaxHighlighting where the
# distribution has no KF6 (Debian 12, Ubuntu 24.04); see cmake/KSyntaxHighlighting.cmake.
# The package and its tests (tests/packaging): the icon PNGs are rendered with Qt's SVG renderer
# (qt6-svg-dev above), so nothing more for the build itself.
packaging=(desktop-file-utils appstream dpkg-dev file)
# The real window under Xvfb, driven with xdotool and read through AT-SPI (tests/window).
window=(xvfb xauth xdotool imagemagick dbus-daemon at-spi2-core python3-pyatspi)
# Agents on another machine over SSH (tests/e2e/tst_e2e_ssh_forward): ssh, ssh-keygen and
# /usr/sbin/sshd, which the test starts itself on 127.0.0.1 with its own keys.
ssh=(openssh-client openssh-server)
for arg in "$@"; do
    case "$arg" in
        --test) packages+=(python3 python3-venv python3-pip "${packaging[@]}" "${window[@]}" "${ssh[@]}" gnome-keyring) ;;
        --dev) packages+=(python3 python3-venv python3-pip "${packaging[@]}" "${window[@]}" "${ssh[@]}" clang-format gnome-keyring) ;;
        *) echo "deps-debian.sh: unknown option $arg (allowed: --test, --dev)" >&2; exit 2 ;;
    esac
done

# Node.js and npm for the LangChain.js end-to-end test (tests/e2e/mcp-js): Debian's packages only
# when none is on PATH (NodeSource's nodejs package carries npm and conflicts with Debian's npm).
# dev.sh fetches a newer Node from the npm registry when this one is older than the test needs.
for arg in "$@"; do
    case "$arg" in
        --test | --dev) command -v npm >/dev/null 2>&1 || packages+=(nodejs npm) ;;
    esac
done

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    # Where systemd runs, installing openssh-server also enables and starts the system's SSH
    # service. The test needs only the program, so when this script installed it, the service
    # is stopped and disabled again: the test dependencies must not open port 22.
    if [[ " ${missing[*]} " == *" openssh-server "* ]] && [ -d /run/systemd/system ]; then
        for unit in ssh.socket ssh.service; do
            $sudo systemctl disable --now "$unit" >/dev/null 2>&1 || true
        done
    fi
fi

# KF6 SyntaxHighlighting: the distribution's where it has one (Debian 13 and later); otherwise
# the build makes KSyntaxHighlighting 6.8.0 itself (about 1.5 minutes more on 2 cores, once).
if ! dpkg-query -W -f='${Status}' libkf6syntaxhighlighting-dev 2>/dev/null | grep -q "install ok installed"; then
    if apt-cache show libkf6syntaxhighlighting-dev >/dev/null 2>&1; then
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libkf6syntaxhighlighting-dev >/dev/null || true
    fi
fi
