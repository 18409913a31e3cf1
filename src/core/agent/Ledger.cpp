#include "agent/Ledger.h"

#include "agent/PayloadShapes.h"
#include "agent/Sha256.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStorageInfo>

#include <cerrno>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <mutex>
#include <thread>
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

// Qt::ISODateWithMs of the current UTC time ("2025-01-31T12:00:00.123Z") without building a
// QDateTime and formatting it through QLocale for every entry.
QByteArray utcNowIsoWithMs()
{
    const qint64 ms = QDateTime::currentMSecsSinceEpoch();
    const time_t seconds = static_cast<time_t>(ms / 1000);
    tm parts = {};
    if (!gmtime_r(&seconds, &parts))
        return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toLatin1();
    char text[40];
    const int size = std::snprintf(text, sizeof(text), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                                   parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
                                   parts.tm_min, parts.tm_sec, static_cast<int>(ms % 1000));
    return QByteArray(text, size);
}

int syncData(int fd)
{
#if defined(__linux__)
    // The size of an appended file is part of what fdatasync flushes; other metadata is not needed.
    return ::fdatasync(fd);
#else
    return ::fsync(fd);
#endif
}

bool integralSeq(const QJsonValue& value, qint64* seq)
{
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !std::isfinite(number) || std::floor(number) != number || number < 1)
        return false;
    *seq = static_cast<qint64>(number);
    return true;
}

// Writes all of `bytes` to fd; 0, or the errno of the write that failed.
int writeAll(int fd, const QByteArray& bytes)
{
    const char* data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, size_t(left));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return written < 0 ? errno : EIO;
        data += written;
        left -= written;
    }
    return 0;
}

// What happened to one batch: the write's errno (0: written), fdatasync's result, its duration.
struct FlushOutcome
{
    int writeErrno = 0;
    int syncResult = 0;
    qint64 syncNs = 0;
};

FlushOutcome writeAndSync(int fd, const QByteArray& bytes)
{
    FlushOutcome outcome;
    outcome.writeErrno = writeAll(fd, bytes);
    if (outcome.writeErrno != 0)
        return outcome;
    QElapsedTimer time;
    time.start();
    outcome.syncResult = syncData(fd);
    outcome.syncNs = time.nsecsElapsed();
    return outcome;
}

} // namespace

// The write and the flush of a batch, off the caller's thread: on a busy or slow disk either can
// take tens of milliseconds (the write may wait for the file system's journal), and the caller
// is the UI thread. One batch at a time.
class LedgerFlushThread
{
public:
    LedgerFlushThread()
        : m_thread([this] { run(); })
    {}
    ~LedgerFlushThread()
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_quit = true;
        }
        m_wake.notify_all();
        m_thread.join(); // a batch in flight is finished first
    }
    LedgerFlushThread(const LedgerFlushThread&) = delete;
    LedgerFlushThread& operator=(const LedgerFlushThread&) = delete;

    void start(int fd, const QByteArray& bytes, std::function<void()> onDone)
    {
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            m_fd = fd;
            m_bytes = bytes;
            m_onDone = std::move(onDone);
            m_hasJob = true;
            m_done = false;
        }
        m_wake.notify_all();
    }
    bool isDone() const
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_done;
    }
    FlushOutcome wait()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_ended.wait(lock, [this] { return m_done; });
        return m_outcome;
    }

private:
    void run()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        while (true) {
            m_wake.wait(lock, [this] { return m_quit || m_hasJob; });
            if (!m_hasJob)
                return; // quit, nothing in flight
            m_hasJob = false;
            const int fd = m_fd;
            const QByteArray bytes = std::exchange(m_bytes, {});
            const std::function<void()> onDone = std::move(m_onDone);
            lock.unlock();
            const FlushOutcome outcome = writeAndSync(fd, bytes);
            lock.lock();
            m_outcome = outcome;
            m_done = true;
            lock.unlock();
            m_ended.notify_all();
            // Marked done first: the owner, told by onDone, finishes without waiting.
            if (onDone)
                onDone();
            lock.lock();
        }
    }

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_ended;
    int m_fd = -1;
    QByteArray m_bytes;
    std::function<void()> m_onDone;
    bool m_hasJob = false;
    bool m_done = true;
    bool m_quit = false;
    FlushOutcome m_outcome;
    std::thread m_thread; // last: started once the members above exist
};

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
    entry.remove(kHash);
    return sha256Hex(entry.value(kPrev).toString().toUtf8() + canonicalJson(entry));
}

bool Ledger::isOpen() const
{
    return m_file.isOpen();
}

bool Ledger::open(const QString& path, QString* error, QString* warning)
{
    finishCommit(nullptr); // a flush in flight belongs to the file being closed
    m_file.close();
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
    qint64 seq = m_seq;
    QString prev = m_prev;
    QByteArray lines;
    lines.reserve(m_staged.size() * 600 + 1);
    if (m_needsNewline)
        lines.append('\n');
    QByteArray head;
    QByteArray tail;
    for (const StagedEntry& staged : std::as_const(m_staged)) {
        const LedgerRecord& record = staged.record;
        ++seq;
        head.clear();
        head.append("{\"agent\":");
        appendCanonicalJsonString(record.agent, &head);
        if (!record.codeSha256.isEmpty()) {
            head.append(",\"code_sha256\":");
            appendCanonicalJsonString(record.codeSha256, &head);
        }
        head.append(",\"decided_by\":");
        appendCanonicalJsonString(record.decidedBy, &head);
        head.append(",\"decision\":");
        appendCanonicalJsonString(record.decision, &head);
        tail.clear();
        tail.append(",\"method\":");
        appendCanonicalJsonString(record.method, &tail);
        tail.append(",\"payload_sha256\":");
        appendCanonicalJsonString(record.payloadSha256, &tail);
        tail.append(",\"prev\":");
        appendCanonicalJsonString(prev, &tail);
        tail.append(",\"request\":");
        appendCanonicalJsonString(record.requestId, &tail);
        tail.append(",\"seq\":");
        tail.append(QByteArray::number(seq));
        tail.append(",\"time\":\"");
        tail.append(staged.time);
        tail.append('"');
        if (!record.title.isEmpty()) {
            tail.append(",\"title\":");
            appendCanonicalJsonString(record.title, &tail);
        }
        tail.append('}');
        const QByteArray hash = sha256HexBytes(prev.toUtf8() + head + tail);
        lines.append(head);
        lines.append(",\"hash\":\"");
        lines.append(hash);
        lines.append('"');
        lines.append(tail);
        lines.append('\n');
        prev = QString::fromLatin1(hash);
    }
    m_staged.clear();
    m_writtenSeq = seq;
    m_writtenPrev = prev;
    m_writtenSize = m_durableSize + lines.size();
    return lines;
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

bool Ledger::settleWritten(int writeErrno, int flushResult, qint64 flushNs, QString* error)
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
    return true;
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
    const FlushOutcome outcome = writeAndSync(m_file.handle(), chainStaged());
    return settleWritten(outcome.writeErrno, outcome.syncResult, outcome.syncNs, error);
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
    m_flusher->start(m_file.handle(), chainStaged(), onFlushed);
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
    return settleWritten(outcome.writeErrno, outcome.syncResult, outcome.syncNs, error);
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
