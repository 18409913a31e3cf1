#include "agent/Ledger.h"

#include "agent/PayloadShapes.h"
#include "agent/Sha256.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <unistd.h>

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::Ledger)
};

// Enough for thousands of entries; open() only needs the last one.
constexpr qint64 tailBytes = 256 * 1024;

const QString kSeq = QStringLiteral("seq");
const QString kPrev = QStringLiteral("prev");
const QString kHash = QStringLiteral("hash");

bool parseObject(const QByteArray& line, QJsonObject* object)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return false;
    *object = doc.object();
    return true;
}

bool integralSeq(const QJsonValue& value, qint64* seq)
{
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !std::isfinite(number) || std::floor(number) != number || number < 1)
        return false;
    *seq = static_cast<qint64>(number);
    return true;
}

} // namespace

Ledger::~Ledger() = default;

QString Ledger::zeroHash()
{
    return QString(64, u'0');
}

QString Ledger::entryHash(const QJsonObject& entryWithoutHash)
{
    QJsonObject entry = entryWithoutHash;
    entry.remove(kHash);
    return sha256Hex(entry.value(kPrev).toString().toUtf8() + canonicalJson(entry));
}

bool Ledger::isOpen() const
{
    return m_file.isOpen();
}

bool Ledger::open(const QString& path, QString* error, QString* warning)
{
    m_file.close();
    m_path = path;
    m_seq = 0;
    m_prev = zeroHash();
    m_needsNewline = false;
    if (warning)
        warning->clear();
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };

    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile reader(path);
    if (reader.exists()) {
        if (!reader.open(QIODevice::ReadOnly))
            return fail(Text::tr("The ledger %1 cannot be read: %2").arg(path, reader.errorString()));
        const qint64 size = reader.size();
        qint64 start = std::max<qint64>(0, size - tailBytes);
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
        m_needsNewline = !partial.isEmpty();
        if (!partial.trimmed().isEmpty())
            lines.append(partial);

        bool found = false;
        bool skippedDamage = false;
        bool anyContent = false;
        for (qsizetype i = lines.size() - 1; i >= 0 && !found; --i) {
            if (lines.at(i).trimmed().isEmpty())
                continue;
            anyContent = true;
            QJsonObject entry;
            qint64 seq = 0;
            if (parseObject(lines.at(i), &entry) && integralSeq(entry.value(kSeq), &seq) &&
                isSha256Hex(entry.value(kHash).toString())) {
                m_seq = seq;
                m_prev = entry.value(kHash).toString();
                found = true;
            } else if (!(i == lines.size() - 1 && m_needsNewline)) {
                skippedDamage = true;
            }
        }
        if (anyContent && !found)
            return fail(
                Text::tr("The ledger %1 has no readable entry near its end; it is damaged. Check it with "
                         "--verify-ledger and move it away to start a new one.")
                    .arg(path));
        QStringList notes;
        if (m_needsNewline)
            notes.append(
                Text::tr("The last line of the ledger %1 is incomplete (%2 bytes without a line end, "
                         "probably cut off by a crash); it is kept as it is and new entries start on the "
                         "next line.")
                    .arg(path)
                    .arg(partial.size()));
        if (skippedDamage)
            notes.append(Text::tr("The ledger %1 has unreadable lines after its last good entry (seq %2).")
                             .arg(path)
                             .arg(m_seq));
        if (warning)
            *warning = notes.join(u' ');
        reader.close();
    }

    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append))
        return fail(
            Text::tr("The ledger %1 cannot be opened for writing: %2").arg(path, m_file.errorString()));
    m_file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

bool Ledger::append(const LedgerRecord& record, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (!m_file.isOpen())
        return fail(Text::tr("The ledger is not open."));

    QJsonObject entry;
    entry.insert(kSeq, m_seq + 1);
    entry.insert(QLatin1String("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    entry.insert(QLatin1String("request"), record.requestId);
    entry.insert(QLatin1String("agent"), record.agent);
    entry.insert(QLatin1String("method"), record.method);
    entry.insert(QLatin1String("payload_sha256"), record.payloadSha256);
    if (!record.codeSha256.isEmpty())
        entry.insert(QLatin1String("code_sha256"), record.codeSha256);
    if (!record.title.isEmpty())
        entry.insert(QLatin1String("title"), record.title);
    entry.insert(QLatin1String("decision"), record.decision);
    entry.insert(QLatin1String("decided_by"), record.decidedBy);
    entry.insert(kPrev, m_prev);
    const QString hash = entryHash(entry);
    entry.insert(kHash, hash);

    QByteArray line = canonicalJson(entry) + '\n';
    if (m_needsNewline)
        line.prepend('\n');
    // From here on a failure may leave part of a line behind; the next entry starts fresh.
    m_needsNewline = true;
    if (m_file.write(line) != line.size() || !m_file.flush())
        return fail(
            Text::tr("The ledger entry could not be written to %1: %2").arg(m_path, m_file.errorString()));
    if (::fsync(m_file.handle()) != 0)
        return fail(Text::tr("The ledger %1 could not be flushed to disk.").arg(m_path));
    m_needsNewline = false;
    m_seq += 1;
    m_prev = hash;
    return true;
}

LedgerVerifyResult Ledger::verify(const QString& path)
{
    LedgerVerifyResult result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.message = Text::tr("The ledger %1 cannot be read: %2").arg(path, file.errorString());
        return result;
    }
    qint64 expectedSeq = 1;
    QString expectedPrev = zeroHash();
    int lineNo = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        ++lineNo;
        if (line.trimmed().isEmpty())
            continue;
        QJsonObject entry;
        if (!parseObject(line, &entry)) {
            // Not JSON at all: a write cut off by a crash. Skipping it cannot hide a change, since
            // the next entry must still chain to the last good one.
            result.tornLines.append(lineNo);
            continue;
        }
        qint64 seq = 0;
        const bool seqOk = integralSeq(entry.value(kSeq), &seq);
        QString reason;
        if (!seqOk)
            reason = Text::tr("it has no valid \"seq\"");
        else if (seq != expectedSeq)
            reason = Text::tr("its seq should be %1").arg(expectedSeq);
        else if (entry.value(kPrev).toString() != expectedPrev)
            reason = Text::tr("its \"prev\" is not the hash of the entry before it");
        else if (entry.value(kHash).toString() != entryHash(entry))
            reason = Text::tr("its \"hash\" does not match its content");
        if (!reason.isEmpty()) {
            result.firstBadSeq = seqOk ? seq : expectedSeq;
            result.firstBadLine = lineNo;
            result.message = Text::tr("%1 entries chain; entry seq %2 (line %3) does not: %4.")
                                 .arg(result.entries)
                                 .arg(result.firstBadSeq)
                                 .arg(lineNo)
                                 .arg(reason);
            return result;
        }
        ++result.entries;
        ++expectedSeq;
        expectedPrev = entry.value(kHash).toString();
    }
    result.ok = true;
    result.message = Text::tr("%1 entries chain.").arg(result.entries);
    if (!result.tornLines.isEmpty()) {
        QStringList numbers;
        for (int n : std::as_const(result.tornLines))
            numbers.append(QString::number(n));
        result.message += QLatin1Char(' ') + Text::tr("Skipped incomplete line(s) %1 (cut off by a crash).")
                                                 .arg(numbers.join(QStringLiteral(", ")));
    }
    return result;
}

QList<QJsonObject> Ledger::readRecent(const QString& path, int limit, QString* warning)
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
        if (!parseObject(line, &entry)) {
            ++unreadable;
            continue;
        }
        entries.append(entry);
        if (entries.size() > limit)
            entries.removeFirst();
    }
    if (unreadable > 0 && warning)
        *warning = Text::tr("%1 unreadable line(s) in the ledger %2 were skipped.").arg(unreadable).arg(path);
    return entries;
}

} // namespace k8::agent
