// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace k8::timeline {

// The timeline's own files of one JSON object per line (run-results.jsonl, run-journal.jsonl):
// each line appended and handed to the kernel in an owner-only file (they name agents, sandboxes
// and requests, like the ledger beside them), read back line by line. One place for both, which
// RunResultLog and RunJournal used to write each for itself.
class JsonLines
{
    Q_DECLARE_TR_FUNCTIONS(k8::timeline::JsonLines)
public:
    // Appends `record` as one compact line. The file is made 0600 (never readable by others, not
    // even for a moment), an older one narrowed; false with *error when that or the write fails.
    static bool append(const QString& path, const QJsonObject& record, QString* error);
    // Every object in the file, in order; blank lines skipped, *unreadable counts the others that
    // are not a JSON object (a line cut off by a kill, say). A missing file is empty.
    static QList<QJsonObject> read(const QString& path, int* unreadable);
    // A "time" as the files write it (ISO 8601 with or without milliseconds); invalid otherwise.
    static QDateTime time(const QJsonValue& value);
};

} // namespace k8::timeline
