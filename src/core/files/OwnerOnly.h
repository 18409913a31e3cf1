// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFileDevice>
#include <QString>

namespace k8::files {

// Everything under the data folder holds agent text (the ledger, the log, run results, rules)
// and is its owner's alone: folders 0700, files 0600, whatever the umask. Every writer under the
// data folder creates through these calls; main.cpp tightens what an older version left at start.
class OwnerOnly
{
public:
    static constexpr QFileDevice::Permissions FilePermissions =
        QFileDevice::ReadOwner | QFileDevice::WriteOwner;

    // Creates the folder (and missing parents) and makes the folder itself 0700. Parents that
    // already existed are left alone: the data folder's parent is the person's, not the app's.
    static bool makeFolder(const QString& path, QString* error = nullptr);

    // Makes an open file 0600 (a QSaveFile: its temporary file, before commit()).
    static bool restrictFile(QFileDevice& file);
    // The same for a file by name; true when it does not exist.
    static bool restrictFile(const QString& path);
    // Creates an empty file 0600 when there is none, so that a writer that keeps an existing
    // file's permissions (QSettings) never makes it with the umask's. True when it exists.
    static bool ensureFile(const QString& path);
    // The same for an open descriptor (a log file opened by spdlog).
    static bool restrictDescriptor(int fd);

    // Takes the group's and others' bits from the folder and everything under it (symbolic links
    // are not followed). Returns how many entries it changed; -1 when the folder cannot be read.
    static int tightenTree(const QString& folder);
};

} // namespace k8::files
