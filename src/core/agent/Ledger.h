#pragma once

#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace k8::agent {

// What one ledger entry records (protocol.md "Ledger").
struct LedgerRecord
{
    QString requestId; // the JSON-RPC id as text (rpcIdText)
    QString agent;
    QString method;
    QString payloadSha256;
    QString codeSha256; // empty: the request had no code (omitted from the entry)
    QString decision;   // e.g. "approve", "edit", "reject", "respond", "ignore"
    QString decidedBy;  // "person", "rule:NAME", "timeout", "withdrawn", "shutdown"
    QString title;      // shown in the history view; omitted when empty
};

struct LedgerVerifyResult
{
    bool ok = false;
    qint64 entries = 0; // entries that chain
    qint64 firstBadSeq = -1;
    int firstBadLine = 0; // 1-based; 0: none
    QList<int> tornLines; // lines that are not JSON at all (cut off by a crash); skipped
    QString message;      // one sentence for people
};

// The append-only, hash-chained record of every decision. Each line is the canonical JSON of
// {seq, time, request, agent, method, payload_sha256, code_sha256?, title?, decision, decided_by,
// prev, hash}, hash = sha256(prev + canonical JSON of the entry without "hash"); the first prev is
// 64 zeros.
class Ledger
{
public:
    Ledger() = default;
    ~Ledger();
    Ledger(const Ledger&) = delete;
    Ledger& operator=(const Ledger&) = delete;

    // Opens (creating) the file and continues after its last good entry. A torn last line is
    // reported through *warning; appends then start on a fresh line.
    bool open(const QString& path, QString* error, QString* warning = nullptr);
    bool isOpen() const;
    QString path() const { return m_path; }
    qint64 lastSeq() const { return m_seq; }
    QString lastHash() const { return m_prev; }

    // Writes one entry (and anything staged before it) and makes it durable before returning
    // true: stage() then commit().
    bool append(const LedgerRecord& record, QString* error);

    // Group commit. stage() chains an entry after the last one (staged or written) and keeps its
    // line in memory; commit() writes every staged line in one write and makes them durable with
    // one fdatasync (fsync where that is missing). Nothing staged counts as written until commit()
    // returns true. When it fails, the staged entries are dropped, the file is cut back to its
    // last durable end and the chain continues from the last durable entry.
    bool stage(const LedgerRecord& record, QString* error);
    bool commit(QString* error);
    int stagedCount() const { return m_stagedCount; }
    // Successful flushes to disk since open(), and how long they took (for tests and the
    // benchmark: each one holds the thread that commits).
    qint64 syncCount() const { return m_syncCount; }
    qint64 syncTotalNs() const { return m_syncTotalNs; }
    qint64 syncLongestNs() const { return m_syncLongestNs; }

    static LedgerVerifyResult verify(const QString& path);
    // Newest-last entries, at most `limit`; unreadable lines are skipped and reported.
    static QList<QJsonObject> readRecent(const QString& path, int limit, QString* warning = nullptr);

    static QString zeroHash();
    // sha256(prev + canonical JSON of the entry without "hash").
    static QString entryHash(const QJsonObject& entryWithoutHash);

private:
    QFile m_file;
    QString m_path;
    // Durable state: what the file holds after the last successful commit (or open()).
    qint64 m_seq = 0;
    QString m_prev;
    qint64 m_durableSize = 0;
    bool m_needsNewline = false;
    // Staged state: the chain as it continues in m_staged.
    qint64 m_stagedSeq = 0;
    QString m_stagedPrev;
    QByteArray m_staged;
    int m_stagedCount = 0;
    qint64 m_syncCount = 0;
    qint64 m_syncTotalNs = 0;
    qint64 m_syncLongestNs = 0;
};

} // namespace k8::agent
