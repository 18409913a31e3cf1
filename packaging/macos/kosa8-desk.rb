# SPDX-License-Identifier: Apache-2.0
# NOT BUILT HERE: a draft of a Homebrew cask; no machine of this project has tried it. The url and
# sha256 are placeholders until the project publishes disk images made by
# packaging/macos/deploy.sh (which prints the sha256). Keep version in step with project() in
# CMakeLists.txt.
cask "kosa8-desk" do
  version "0.1.0"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000" # placeholder: deploy.sh prints it

  # Placeholder: the project has no public home yet.
  url "https://kosa8-desk.invalid/releases/kosa8-desk-#{version}.dmg"
  name "kosa8 Desk"
  desc "Review AI agents' code and run it in kosa8 sandboxes"
  homepage "https://kosa8-desk.invalid/"

  depends_on macos: ">= :big_sur"

  app "kosa8 Desk.app"
  # The command line of the same program: --version, --verify-ledger, and `kosa8-desk mcp`. To be
  # tried: that Qt, started through this symlink, finds the bundle's plugins (macdeployqt's qt.conf).
  binary "#{appdir}/kosa8 Desk.app/Contents/MacOS/kosa8 Desk", target: "kosa8-desk"

  # The data folder (settings, rules, the ledger, logs: QStandardPaths::AppDataLocation for the
  # application name kosa8-desk, src/app/plumbing/AppOptions.cpp), and what macOS keeps for the
  # bundle id. The ledger is the record of every decision: zap removes it, uninstall does not.
  zap trash: [
    "~/Library/Application Support/kosa8-desk",
    "~/Library/Caches/kosa8-desk",
    "~/Library/Preferences/dev.kosa8.desk.plist",
    "~/Library/Saved Application State/dev.kosa8.desk.savedState",
  ]
end
