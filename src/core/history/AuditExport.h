// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"

#include <QCoreApplication>
#include <QList>

#include <atomic>

class QIODevice;

namespace k8::history {

// Writes rows of the store to a device one row at a time, so a million rows never exist as one
// document in memory. Columns: source, seq, time (as printed), time_utc_ms, actor, action, sandbox,
// decided_by, detail, hash, previous_hash.
//
// CSV (RFC 4180, UTF-8, CRLF line ends, a header row): a field holding a comma, quote, CR or LF is
// quoted, quotes doubled. A field that starts with '=', '+', '-', '@', a tab or a CR (a spreadsheet
// would run it as a formula: kosa8's DETAIL carries agent text) gets a leading apostrophe; a reader
// that wants the exact bytes drops an apostrophe in front of one of those characters.
// JSON lines: one compact object a line with the same keys (time_utc_ms a number or null).
class AuditExport
{
    Q_DECLARE_TR_FUNCTIONS(k8::history::AuditExport)
public:
    enum class Format
    {
        Csv,
        JsonLines
    };
    // False with *error when the device fails or `cancel` turned true (checked every few
    // thousand rows). `progress` (may be null) gets the rows written so far.
    static bool write(const AuditStore& store, const QList<qint32>& rows, Format format, QIODevice* device,
                      QString* error, const std::atomic<bool>* cancel = nullptr,
                      std::atomic<qint64>* progress = nullptr);
    static QStringList columnNames();
};

} // namespace k8::history
