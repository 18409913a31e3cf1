// SPDX-License-Identifier: Apache-2.0
#include "agent/ledger/LedgerReader.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/ledger/Ledger.h"
#include "agent/ledger/LedgerKeys.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace k8::agent {

namespace {

// Enough for thousands of entries; open() only needs the last one.
constexpr qint64 TailBytes = 256 * 1024;

} // namespace

bool LedgerReader::parseEntry(const QByteArray& line, QJsonObject* object)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return false;
    *object = doc.object();
    return true;
}

bool LedgerReader::entrySeq(const QJsonValue& value, qint64* seq)
{
    // At most 2^53 - 1, the largest integer a JSON number holds exactly; a larger one does not fit
    // a qint64 either, and converting it would be undefined (found by tests/fuzz/ledger.cpp).
    constexpr double MaxSeq = 9007199254740991.0;
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !std::isfinite(number) || std::floor(number) != number || number < 1 ||
        number > MaxSeq)
        return false;
    *seq = static_cast<qint64>(number);
    return true;
}

namespace {

bool isLowerSha256Hex(const QString& text)
{
    return isSha256Hex(text) && text == text.toLower();
}

// Whether `line` (as read, with its '\n' if it has one) is exactly the canonical JSON of `entry`,
// what it parsed to.
bool isCanonicalLine(const QByteArray& line, const QJsonObject& entry)
{
    QByteArrayView bytes(line);
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    return bytes == QByteArrayView(canonicalJson(entry));
}

} // namespace

bool LedgerReader::readTail(const QString& path, Tail* out, QString* error)
{
    *out = Tail();
    QFile reader(path);
    if (!reader.exists())
        return true;
    if (!reader.open(QIODevice::ReadOnly)) {
        *error = reader.errorString();
        return false;
    }
    const qint64 size = reader.size();
    qint64 start = std::max<qint64>(0, size - TailBytes);
    reader.seek(start);
    QByteArray tail = reader.readAll();
    if (start > 0 && tail.count('\n') < 2) { // one huge line: read it all
        reader.seek(0);
        tail = reader.readAll();
        start = 0;
    }
    QList<QByteArray> lines = tail.split('\n');
    const QByteArray partial = lines.takeLast(); // empty when the file ends with '\n'
    if (start > 0 && !lines.isEmpty())
        lines.removeFirst(); // begins mid-line
    out->tornBytes = partial.size();
    if (!partial.trimmed().isEmpty())
        lines.append(partial);

    for (qsizetype i = lines.size() - 1; i >= 0 && !out->found; --i) {
        if (lines.at(i).trimmed().isEmpty())
            continue;
        out->anyContent = true;
        QJsonObject entry;
        qint64 seq = 0;
        // The app writes lower-case hashes only (sha256Hex); an entry with another spelling is
        // damage, not an end to continue after (found by tests/fuzz/ledger.cpp).
        if (parseEntry(lines.at(i), &entry) && entrySeq(entry.value(ledgerkeys::Seq), &seq) &&
            isLowerSha256Hex(entry.value(ledgerkeys::Hash).toString())) {
            out->seq = seq;
            out->hash = entry.value(ledgerkeys::Hash).toString();
            out->found = true;
        } else if (!(i == lines.size() - 1 && out->tornBytes > 0)) {
            out->damageAfter = true;
        }
    }
    return true;
}

LedgerVerifyResult LedgerReader::verify(const QString& path)
{
    LedgerVerifyResult result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.message = tr("The ledger %1 cannot be read: %2").arg(path, file.errorString());
        return result;
    }
    qint64 expectedSeq = 1;
    QString expectedPrev = Ledger::zeroHash();
    int lineNo = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        QJsonObject entry;
        if (!parseEntry(line, &entry)) {
            // Not JSON at all: a write cut off by a crash. Skipping it cannot hide a change, since
            // the next entry must still chain to the last good one.
            result.tornLines.append(lineNo);
            continue;
        }
        qint64 seq = 0;
        const bool seqOk = entrySeq(entry.value(ledgerkeys::Seq), &seq);
        QString reason;
        if (!seqOk)
            reason = tr("it has no valid \"seq\"");
        else if (seq != expectedSeq)
            reason = tr("its seq should be %1").arg(expectedSeq);
        else if (entry.value(ledgerkeys::Prev).toString() != expectedPrev)
            reason = tr("its \"prev\" is not the hash of the entry before it");
        else if (entry.value(ledgerkeys::Hash).toString() != Ledger::entryHash(entry))
            reason = tr("its \"hash\" does not match its content");
        if (!reason.isEmpty()) {
            result.firstBadSeq = seqOk ? seq : expectedSeq;
            result.firstBadLine = lineNo;
            result.message = tr("%1 entries chain; entry seq %2 (line %3) does not: %4.")
                                 .arg(result.entries)
                                 .arg(result.firstBadSeq)
                                 .arg(lineNo)
                                 .arg(reason);
            return result;
        }
        // The chain covers the parsed entry, not its bytes: an earlier copy of a key (which some
        // readers take instead of the later one), spaces or another spelling of a value would
        // parse the same. The app writes each line as the canonical JSON of its entry (Ledger.h),
        // so anything else is a changed entry.
        if (!isCanonicalLine(line, entry)) {
            result.firstBadSeq = seq;
            result.firstBadLine = lineNo;
            result.message = tr("%1 entries chain; entry seq %2 (line %3) was changed: its line is not byte "
                                "for byte the canonical JSON of its content, as kosa8 Desk writes it.")
                                 .arg(result.entries)
                                 .arg(seq)
                                 .arg(lineNo);
            return result;
        }
        ++result.entries;
        ++expectedSeq;
        expectedPrev = entry.value(ledgerkeys::Hash).toString();
    }
    result.ok = true;
    result.lastHash = expectedPrev;
    result.message = tr("%1 entries chain.").arg(result.entries);
    if (!result.tornLines.isEmpty()) {
        QStringList numbers;
        for (int n : std::as_const(result.tornLines))
            numbers.append(QString::number(n));
        result.message +=
            QLatin1Char(' ') +
            tr("Skipped incomplete line(s) %1 (cut off by a crash).").arg(numbers.join(QStringLiteral(", ")));
    }
    return result;
}

QList<QJsonObject> LedgerReader::readRecent(const QString& path, int limit, QString* warning)
{
    QList<QJsonObject> entries;
    if (warning)
        warning->clear();
    QFile file(path);
    if (limit <= 0 || !file.open(QIODevice::ReadOnly))
        return entries;
    int unreadable = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        if (line.trimmed().isEmpty())
            continue;
        QJsonObject entry;
        if (!parseEntry(line, &entry)) {
            ++unreadable;
            continue;
        }
        entries.append(entry);
        if (entries.size() > limit)
            entries.removeFirst();
    }
    if (unreadable > 0 && warning)
        *warning = tr("%1 unreadable line(s) in the ledger %2 were skipped.").arg(unreadable).arg(path);
    return entries;
}

} // namespace k8::agent
