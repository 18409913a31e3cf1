// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace k8::agent {

struct LedgerVerifyResult;

// Reads a ledger file back (protocol.md "Ledger"): where its chain ends, whether it all chains,
// its newest entries. Lines that are not JSON (a write cut off by a crash) are skipped and
// reported, never trusted. Writing is Ledger's job.
class LedgerReader
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::LedgerReader)
public:
    // The end of a ledger file, as Ledger::open() continues after it.
    struct Tail
    {
        bool anyContent = false; // the file holds something other than blank lines
        bool found = false;      // a good entry (object, integral seq >= 1, 64-hex hash) was found
        qint64 seq = 0;          // the last good entry's seq and hash (when found)
        QString hash;
        qsizetype tornBytes = 0;  // > 0: the file ends in a line without '\n' of this many bytes
        bool damageAfter = false; // unreadable complete lines after the last good entry
    };
    // Reads the end of the file at `path` (the last 256 KiB, or all of it for one huge line).
    // False with *error (the file's error string) when it exists but cannot be read; a missing
    // file is an empty Tail.
    static bool readTail(const QString& path, Tail* tail, QString* error);

    // Checks every entry: seq counting from 1, each "prev" the hash before it, each "hash" its content's.
    static LedgerVerifyResult verify(const QString& path);
    // Newest-last entries, at most `limit`; unreadable lines are skipped and reported.
    static QList<QJsonObject> readRecent(const QString& path, int limit, QString* warning = nullptr);

    // One line as a JSON object; false for anything else.
    static bool parseEntry(const QByteArray& line, QJsonObject* entry);
    // An entry's "seq": a whole number of at least 1.
    static bool entrySeq(const QJsonValue& value, qint64* seq);
};

} // namespace k8::agent
