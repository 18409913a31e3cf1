// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>
#include <QString>

namespace k8::history {

// RFC 3339 times as kosa8 and the ledger print them ("2026-12-01T10:41:02Z",
// "2026-12-01T10:41:02.123+01:00", a space instead of the 'T'), read by hand: QDateTime::fromString
// costs microseconds, and a million entries must load in seconds.
// Returns false (and leaves *ms alone) for anything else.
bool parseTimeMs(QByteArrayView text, qint64* ms);

// "2026-12-01 10:41:02.123" in UTC (milliseconds only when not zero), for the table.
QString formatTimeMs(qint64 ms);

} // namespace k8::history
