#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what kosa8 Desk needs on macOS with Homebrew. Only missing formulae are installed.
#   packaging/deps-macos.sh [--test] [--dev]
set -euo pipefail
if ! command -v brew >/dev/null 2>&1; then
    echo "Homebrew is needed: see https://brew.sh, then run this again." >&2
    exit 1
fi
# KSyntaxHighlighting: a KF6 SyntaxHighlighting already installed (e.g. from KDE's Homebrew tap)
# is found and used; otherwise the build makes its own from git (cmake/KSyntaxHighlighting.cmake),
# which needs only perl, patch and git, all part of macOS with the command line tools.
# qtkeychain: connection tokens in the macOS Keychain (src/core/secrets).
formulae=(cmake ninja qt spdlog openssl@3 qtkeychain)
for arg in "$@"; do
    case "$arg" in
        --test) formulae+=(python@3.12 node) ;;
        --dev) formulae+=(python@3.12 node clang-format) ;;
        *) echo "deps-macos.sh: unknown option $arg (allowed: --test, --dev)" >&2; exit 2 ;;
    esac
done
for f in "${formulae[@]}"; do
    brew list --versions "$f" >/dev/null 2>&1 || brew install "$f"
done
