// SPDX-License-Identifier: Apache-2.0
#include "agent/ledger/Ledger.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/ledger/LedgerFlushThread.h"
#include "agent/ledger/LedgerKeys.h"
#include "agent/ledger/LedgerReader.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStorageInfo>

#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <unistd.h>

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::Ledger)
};

// The state record has one size, so that it is rewritten in place by one pwrite() and never
// needs a truncation: the canonical JSON padded with spaces (JSON allows them) to this size,
// the last byte '\n'.
constexpr int StateRecordBytes = 128;

QByteArray stateRecord(qint64 seq, const QString& hash)
{
    QByteArray record = "{\"hash\":\"" + hash.toLatin1() + "\",\"seq\":" + QByteArray::number(seq) + '}';
    record.append(QByteArray(StateRecordBytes - 1 - record.size(), ' '));
    record.append('\n');
    return record;
}

// Qt::ISODateWithMs of the current UTC time ("2025-01-31T12:00:00.123Z") without building a
// QDateTime and formatting it through QLocale for every entry.
QByteArray utcNowIsoWithMs()
{
    const qint64 ms = QDateTime::currentMSecsSinceEpoch();
    const time_t seconds = static_cast<time_t>(ms / 1000);
    tm parts = {};
    if (!gmtime_r(&seconds, &parts))
        return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toLatin1();
    const int year = parts.tm_year + 1900;
    if (year < 0 || year > 9999)
        return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toLatin1();
    // Written digit by digit: snprintf's format parsing cost more than the rest of the line.
    QByteArray text(24, Qt::Uninitialized);
    char* to = text.data();
    auto digits = [&to](int value, int width) {
        for (int i = width - 1; i >= 0; --i) {
            to[i] = char('0' + value % 10);
            value /= 10;
        }
        to += width;
    };
    digits(year, 4);
    *to++ = '-';
    digits(parts.tm_mon + 1, 2);
    *to++ = '-';
    digits(parts.tm_mday, 2);
    *to++ = 'T';
    digits(parts.tm_hour, 2);
    *to++ = ':';
    digits(parts.tm_min, 2);
    *to++ = ':';
    digits(parts.tm_sec, 2);
    *to++ = '.';
    digits(static_cast<int>(ms % 1000), 3);
    *to = 'Z';
    return text;
}

} // namespace

Ledger::Ledger() = default;

Ledger::~Ledger()
{
    // The flush thread ends after the flush in flight, if any.
    m_flusher.reset();
}

QString Ledger::zeroHash()
{
    return QString(64, u'0');
}

QString Ledger::entryHash(const QJsonObject& entryWithoutHash)
{
    QJsonObject entry = entryWithoutHash;
    entry.remove(ledgerkeys::Hash);
    return sha256Hex(entry.value(ledgerkeys::Prev).toString().toUtf8() + canonicalJson(entry));
}

QString Ledger::statePath(const QString& ledgerPath)
{
    const QFileInfo ledger(ledgerPath);
    return ledger.dir().filePath(ledger.completeBaseName() + QStringLiteral(".state"));
}

namespace {

// The hash of the entry with `seq`, reading the file from the start: only needed when the state
// lags behind the ledger (after a power cut), so a plain scan will do. Lines are parsed only when
// they hold the canonical "seq":N, text.
bool hashAtSeq(const QString& path, qint64 seq, QString* hash)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray needle = "\"seq\":" + QByteArray::number(seq) + ',';
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        if (!line.contains(needle))
            continue;
        QJsonObject entry;
        qint64 entrySeq = 0;
        if (LedgerReader::parseEntry(line, &entry) &&
            LedgerReader::entrySeq(entry.value(ledgerkeys::Seq), &entrySeq) && entrySeq == seq) {
            *hash = entry.value(ledgerkeys::Hash).toString();
            return true;
        }
    }
    return false;
}

QString shortHash(const QString& hash)
{
    return hash.left(16);
}

} // namespace

LedgerStateCheck Ledger::checkState(const QString& ledgerPath, qint64 lastSeq, const QString& lastHash)
{
    using Outcome = LedgerStateCheck::Outcome;
    LedgerStateCheck check;
    const QString path = statePath(ledgerPath);
    QFile file(path);
    if (!file.exists() || (file.open(QIODevice::ReadOnly) && file.size() == 0)) {
        // Never written (a new data folder, or a ledger from before the state existed), or created
        // by a first batch that did not complete. Nothing to compare with.
        if (lastSeq > 0) {
            check.outcome = Outcome::NoState;
            check.message =
                Text::tr("kosa8 Desk has no record of where the decision ledger %1 ended (%2 is "
                         "missing), so it cannot tell whether entries were lost or changed before "
                         "entry %3. It records the end again with the next decision.")
                    .arg(ledgerPath, path)
                    .arg(lastSeq);
        }
        return check;
    }
    QJsonObject state;
    const bool readable = file.isOpen() || file.open(QIODevice::ReadOnly);
    const QByteArray bytes = readable ? file.read(64 * 1024) : QByteArray();
    qint64 seq = 0;
    // The app writes the state only after an entry is durable, so its seq is at least 1.
    if (!readable || !LedgerReader::parseEntry(bytes, &state) ||
        !isSha256Hex(state.value(ledgerkeys::Hash).toString()) ||
        !LedgerReader::entrySeq(state.value(ledgerkeys::Seq), &seq)) {
        check.outcome = Outcome::Unreadable;
        check.message =
            Text::tr("The record of where the decision ledger %1 ended (%2) is damaged or "
                     "unreadable%3, so lost or changed entries cannot be detected. Something other "
                     "than kosa8 Desk changed it; check the ledger with --verify-ledger.")
                .arg(ledgerPath, path,
                     readable ? QString() : QStringLiteral(" (%1)").arg(file.errorString()));
        return check;
    }
    check.rememberedSeq = seq;
    check.rememberedHash = state.value(ledgerkeys::Hash).toString();
    if (check.rememberedSeq > lastSeq) {
        check.outcome = Outcome::Shorter;
        check.message =
            (lastSeq == 0
                 ? Text::tr("The decision ledger %1 is missing or empty, but kosa8 Desk had recorded %2 "
                            "entries in it. The file was deleted, cut or replaced.")
                       .arg(ledgerPath)
                       .arg(check.rememberedSeq)
                 : Text::tr("The decision ledger %1 is shorter than kosa8 Desk left it: it ends at entry "
                            "%2, but the app had recorded up to entry %3, so %4 missing. The file was cut, "
                            "or replaced by an older copy.")
                       .arg(ledgerPath)
                       .arg(lastSeq)
                       .arg(check.rememberedSeq)
                       .arg(
                           check.rememberedSeq == lastSeq + 1
                               ? Text::tr("entry %1 is").arg(check.rememberedSeq)
                               : Text::tr("entries %1 to %2 are").arg(lastSeq + 1).arg(check.rememberedSeq)));
        return check;
    }
    QString hashThere;
    bool found = true;
    if (check.rememberedSeq == lastSeq)
        hashThere = lastHash;
    else // the state lags behind the ledger (a power cut after the ledger's flush)
        found = hashAtSeq(ledgerPath, check.rememberedSeq, &hashThere);
    if (found && hashThere == check.rememberedHash)
        return check;
    check.outcome = Outcome::Rewritten;
    check.message =
        found
            ? Text::tr("The decision ledger %1 was changed after kosa8 Desk wrote it: entry %2 has the hash "
                       "%3…, but the app recorded %4… for it. The file was rewritten or replaced.")
                  .arg(ledgerPath)
                  .arg(check.rememberedSeq)
                  .arg(shortHash(hashThere), shortHash(check.rememberedHash))
            : Text::tr(
                  "The decision ledger %1 was changed after kosa8 Desk wrote it: entry %2, which the app "
                  "recorded, cannot be found in it. The file was rewritten or replaced.")
                  .arg(ledgerPath)
                  .arg(check.rememberedSeq);
    return check;
}

bool Ledger::isOpen() const
{
    return m_file.isOpen();
}

bool Ledger::open(const QString& path, QString* error, QString* warning)
{
    finishCommit(nullptr); // a flush in flight belongs to the file being closed
    m_file.close();
    m_stateFile.close();
    m_stateSized = false;
    m_stateWarned = false;
    m_writtenState.clear();
    m_stateCheck = {};
    m_path = path;
    m_seq = 0;
    m_prev = zeroHash();
    m_durableSize = 0;
    m_needsNewline = false;
    m_staged.clear();
    m_syncCount = 0;
    m_syncTotalNs = 0;
    m_syncLongestNs = 0;
    if (warning)
        warning->clear();
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };

    QDir().mkpath(QFileInfo(path).absolutePath());
    LedgerReader::Tail tail;
    QString readError;
    if (!LedgerReader::readTail(path, &tail, &readError))
        return fail(Text::tr("The ledger %1 cannot be read: %2").arg(path, readError));
    if (tail.anyContent && !tail.found)
        return fail(Text::tr("The ledger %1 has no readable entry near its end; it is damaged. Check it with "
                             "--verify-ledger and move it away to start a new one.")
                        .arg(path));
    if (tail.found) {
        m_seq = tail.seq;
        m_prev = tail.hash;
    }
    m_needsNewline = tail.tornBytes > 0;
    QStringList notes;
    if (m_needsNewline)
        notes.append(
            Text::tr("The last line of the ledger %1 is incomplete (%2 bytes without a line end, "
                     "probably cut off by a crash); it is kept as it is and new entries start on the "
                     "next line.")
                .arg(path)
                .arg(tail.tornBytes));
    if (tail.damageAfter)
        notes.append(Text::tr("The ledger %1 has unreadable lines after its last good entry (seq %2).")
                         .arg(path)
                         .arg(m_seq));
    if (warning)
        *warning = notes.join(u' ');

    // Before anything is written: did the file lose its tail, or change, since the app left it?
    m_stateCheck = checkState(path, m_seq, m_prev);

    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return fail(
            Text::tr("The ledger %1 cannot be opened for writing: %2").arg(path, m_file.errorString()));
    m_file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    m_durableSize = m_file.size();
    const QByteArray fileSystem = QStorageInfo(QFileInfo(path).absolutePath()).fileSystemType();
    m_flushInline = fileSystem == "tmpfs" || fileSystem == "ramfs";
    m_writtenSeq = m_seq;
    m_writtenPrev = m_prev;
    m_writtenSize = m_durableSize;
    return true;
}

bool Ledger::append(const LedgerRecord& record, QString* error)
{
    return stage(record, error) && commit(error);
}

bool Ledger::stage(const LedgerRecord& record, QString* error)
{
    if (!m_file.isOpen()) {
        if (error)
            *error = Text::tr("The ledger is not open.");
        return false;
    }
    m_staged.append({record, utcNowIsoWithMs()});
    return true;
}

QByteArray Ledger::chainStaged()
{
    // The canonical JSON of each entry, written field by field in key order (what canonicalJson()
    // of the QJsonObject gives, which entryHash() and verify() use), split where "hash" goes.
    // One buffer per entry holds what is hashed, prev + the entry before "hash" + the entry after
    // it, so the line is cut from it without building the parts again.
    qint64 seq = m_seq;
    QByteArray prev = m_prev.toLatin1();
    QByteArray lines;
    lines.reserve(m_staged.size() * 700 + 1);
    if (m_needsNewline)
        lines.append('\n');
    QByteArray hashed;
    hashed.reserve(1024);
    for (const StagedEntry& staged : std::as_const(m_staged)) {
        const LedgerRecord& record = staged.record;
        ++seq;
        hashed.resize(0);
        hashed.append(prev);
        hashed.append('{');
        if (!record.actionSha256.isEmpty()) {
            hashed.append("\"action_sha256\":");
            appendCanonicalJsonString(record.actionSha256, &hashed);
            hashed.append(',');
        }
        hashed.append("\"agent\":");
        appendCanonicalJsonString(record.agent, &hashed);
        if (!record.checkpointLabel.isEmpty()) {
            hashed.append(",\"checkpoint\":");
            appendCanonicalJsonString(record.checkpointLabel, &hashed);
        }
        if (!record.codeSha256.isEmpty()) {
            hashed.append(",\"code_sha256\":");
            appendCanonicalJsonString(record.codeSha256, &hashed);
        }
        if (!record.copy.isEmpty()) {
            hashed.append(",\"copy\":");
            appendCanonicalJsonString(record.copy, &hashed);
        }
        hashed.append(",\"decided_by\":");
        appendCanonicalJsonString(record.decidedBy, &hashed);
        hashed.append(",\"decision\":");
        appendCanonicalJsonString(record.decision, &hashed);
        if (record.exitCode) { // "exit_code" sorts before "hash"
            hashed.append(",\"exit_code\":");
            hashed.append(QByteArray::number(*record.exitCode));
        }
        const qsizetype tailStart = hashed.size();
        if (!record.image.isEmpty()) {
            hashed.append(",\"image\":");
            appendCanonicalJsonString(record.image, &hashed);
        }
        if (!record.interruptId.isEmpty()) {
            hashed.append(",\"interrupt_id\":");
            appendCanonicalJsonString(record.interruptId, &hashed);
        }
        if (!record.language.isEmpty()) {
            hashed.append(",\"language\":");
            appendCanonicalJsonString(record.language, &hashed);
        }
        hashed.append(",\"method\":");
        appendCanonicalJsonString(record.method, &hashed);
        hashed.append(",\"payload_sha256\":");
        appendCanonicalJsonString(record.payloadSha256, &hashed);
        hashed.append(",\"prev\":\"");
        hashed.append(prev); // 64 hex digits: nothing to escape
        hashed.append('"');
        if (!record.reason.isEmpty()) {
            hashed.append(",\"reason\":");
            appendCanonicalJsonString(record.reason, &hashed);
        }
        hashed.append(",\"request\":");
        appendCanonicalJsonString(record.requestId, &hashed);
        if (!record.sandbox.isEmpty()) {
            hashed.append(",\"sandbox\":");
            appendCanonicalJsonString(record.sandbox, &hashed);
        }
        hashed.append(",\"seq\":");
        hashed.append(QByteArray::number(seq));
        if (!record.server.isEmpty()) {
            hashed.append(",\"server\":");
            appendCanonicalJsonString(record.server, &hashed);
        }
        if (!record.source.isEmpty()) {
            hashed.append(",\"source\":");
            appendCanonicalJsonString(record.source, &hashed);
        }
        if (!record.threadId.isEmpty()) {
            hashed.append(",\"thread_id\":");
            appendCanonicalJsonString(record.threadId, &hashed);
        }
        hashed.append(",\"time\":\"");
        hashed.append(staged.time);
        hashed.append('"');
        if (!record.title.isEmpty()) {
            hashed.append(",\"title\":");
            appendCanonicalJsonString(record.title, &hashed);
        }
        hashed.append('}');
        const QByteArray hash = sha256HexBytes(hashed);
        const QByteArrayView entry(hashed);
        lines.append(entry.sliced(prev.size(), tailStart - prev.size()));
        lines.append(",\"hash\":\"");
        lines.append(hash);
        lines.append('"');
        lines.append(entry.sliced(tailStart));
        lines.append('\n');
        prev = hash;
    }
    m_staged.clear();
    m_writtenSeq = seq;
    m_writtenPrev = QString::fromLatin1(prev);
    m_writtenSize = m_durableSize + lines.size();
    m_writtenState = stateRecord(seq, m_writtenPrev);
    return lines;
}

bool Ledger::openStateFile()
{
    if (m_stateFile.isOpen())
        return true;
    // Not truncated here: the remembered state stays as it was until the first batch replaces it.
    m_stateFile.setFileName(statePath(m_path));
    if (!m_stateFile.open(QIODevice::ReadWrite | QIODevice::Unbuffered)) {
        if (!m_stateWarned)
            spdlog::warn(
                "ledger: cannot open {}: {}; a lost tail of the ledger cannot be detected at the next "
                "start",
                m_stateFile.fileName().toStdString(), m_stateFile.errorString().toStdString());
        m_stateWarned = true;
        return false;
    }
    m_stateFile.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

void Ledger::dropWritten()
{
    // None of these entries counts: cut the file back so that what may have reached it does not
    // stand in the chain, and continue from the last durable entry.
    if (::ftruncate(m_file.handle(), m_durableSize) != 0)
        m_needsNewline = true; // whatever is left there, the next entry starts on its own line
    m_writtenSeq = m_seq;
    m_writtenPrev = m_prev;
    m_writtenSize = m_durableSize;
}

bool Ledger::settleWritten(int writeErrno, int flushResult, qint64 flushNs, int stateErrno, QString* error)
{
    QString problem;
    if (writeErrno != 0) {
        problem = Text::tr("The ledger entry could not be written to %1: %2")
                      .arg(m_path, QString::fromLocal8Bit(std::strerror(writeErrno)));
    } else {
        m_syncTotalNs += flushNs;
        m_syncLongestNs = std::max(m_syncLongestNs, flushNs);
        if (flushResult != 0)
            problem = Text::tr("The ledger %1 could not be flushed to disk.").arg(m_path);
    }
    if (problem.isEmpty() && stateErrno != 0) {
        // The entries are durable, so the decisions stand; only the check at the next start is weaker.
        if (!m_stateWarned)
            spdlog::warn(
                "ledger: the state file {} could not be written: {}; a lost tail of the ledger may go "
                "unnoticed at the next start",
                statePath(m_path).toStdString(), std::strerror(stateErrno));
        m_stateWarned = true;
    } else if (problem.isEmpty() && m_stateFile.isOpen()) {
        m_stateSized = true;
        m_stateWarned = false;
    }
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        dropWritten();
        return false;
    }
    m_seq = m_writtenSeq;
    m_prev = m_writtenPrev;
    m_durableSize = m_writtenSize;
    m_needsNewline = false;
    ++m_syncCount;
    if (m_onDurable)
        m_onDurable(m_seq);
    return true;
}

LedgerFlushJob Ledger::flushJob()
{
    LedgerFlushJob job;
    job.fd = m_file.handle();
    job.bytes = chainStaged();
    if (openStateFile()) {
        job.stateFd = m_stateFile.handle();
        job.state = m_writtenState;
        job.sizeState = !m_stateSized;
    }
    return job;
}

bool Ledger::readyToCommit(QString* error) const
{
    if (m_file.isOpen() && !m_flushing)
        return true;
    if (error)
        *error = m_flushing ? Text::tr("The ledger %1 is still flushing entries to disk.").arg(m_path)
                            : Text::tr("The ledger is not open.");
    return false;
}

bool Ledger::commit(QString* error)
{
    if (!readyToCommit(error))
        return false;
    if (m_staged.isEmpty())
        return true;
    const FlushOutcome outcome = writeAndSync(flushJob());
    return settleWritten(outcome.writeErrno, outcome.syncResult, outcome.syncNs, outcome.stateErrno, error);
}

bool Ledger::startCommit(const std::function<void()>& onFlushed, QString* error)
{
    if (!readyToCommit(error))
        return false;
    if (m_staged.isEmpty())
        return true;
    if (m_flushInline)
        return commit(error);
    if (!m_flusher)
        m_flusher = std::make_unique<LedgerFlushThread>();
    m_flushing = true;
    m_flusher->start(flushJob(), onFlushed);
    return true;
}

bool Ledger::flushEnded() const
{
    return m_flushing && m_flusher && m_flusher->isDone();
}

bool Ledger::finishCommit(QString* error)
{
    if (!m_flushing)
        return true;
    const FlushOutcome outcome = m_flusher->wait();
    m_flushing = false;
    return settleWritten(outcome.writeErrno, outcome.syncResult, outcome.syncNs, outcome.stateErrno, error);
}

LedgerVerifyResult Ledger::verify(const QString& path)
{
    return LedgerReader::verify(path);
}

QList<QJsonObject> Ledger::readRecent(const QString& path, int limit, QString* warning)
{
    return LedgerReader::readRecent(path, limit, warning);
}

} // namespace k8::agent
