#pragma once

#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace k8::agent {

class LedgerFlushThread;

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
    // For approvals: the action_sha256 of what was approved (after any edit), one per action,
    // comma-joined; empty otherwise (omitted).
    QString actionSha256;
    // For runs: where and how the code ran (or would have); empty: omitted.
    QString sandbox;
    QString image;
    QString language;
    QString checkpointLabel;
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
    Ledger();
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

    // Group commit. stage() keeps an entry in memory (with its time); the staged entries are
    // chained, written in one write and made durable with one fdatasync (fsync where that is
    // missing) by commit() on this thread, or by startCommit() + finishCommit() with the write and
    // the flush on the ledger's own thread, so that a slow disk does not hold the caller's event
    // loop. Nothing
    // staged counts as recorded until commit() or finishCommit() returns true. When the write or
    // the flush fails, those entries are dropped, the file is cut back to its last durable entry
    // and the chain continues from there. Entries staged while a flush runs wait for the next.
    bool stage(const LedgerRecord& record, QString* error);
    int stagedCount() const { return int(m_staged.size()); }
    // False when a flush started by startCommit() has not been finished yet.
    bool commit(QString* error);
    // Chains the staged entries and hands their write and flush to the flush thread, which calls
    // onFlushed (on that thread) when it is done. False with *error when the ledger is not open
    // or a flush is still in flight. With nothing staged: true, and nothing is in flight.
    bool startCommit(const std::function<void()>& onFlushed, QString* error);
    bool isFlushing() const { return m_flushing; }
    // False for a ledger on a file system in memory (tmpfs, ramfs): there a flush does no I/O
    // and cannot stall, so startCommit() does it at once, sparing two thread hand-overs.
    bool flushesOnOwnThread() const { return !m_flushInline; }
    // True once the flush in flight has ended (finishCommit() then does not wait).
    bool flushEnded() const;
    // Waits for the flush in flight to end (it normally has: call it from onFlushed's
    // notification) and settles it: true when its entries are durable.
    bool finishCommit(QString* error);
    // Successful flushes to disk since open(), and how long they took (for tests and the
    // benchmark).
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
    struct StagedEntry
    {
        LedgerRecord record;
        QByteArray time;
    };
    bool readyToCommit(QString* error) const;
    // Chains the staged entries after the durable ones: the lines to write.
    QByteArray chainStaged();
    // Settles the chained entries once written and flushed (or not): durable, or dropped with the
    // file cut back.
    bool settleWritten(int writeErrno, int flushResult, qint64 flushNs, QString* error);
    void dropWritten();

    QFile m_file;
    QString m_path;
    // Durable state: what the file holds after the last successful flush (or open()).
    qint64 m_seq = 0;
    QString m_prev;
    qint64 m_durableSize = 0;
    bool m_needsNewline = false;
    // Chained, write and flush pending: the chain as it continues after them.
    qint64 m_writtenSeq = 0;
    QString m_writtenPrev;
    qint64 m_writtenSize = 0;
    bool m_flushing = false;
    bool m_flushInline = false;
    QList<StagedEntry> m_staged;
    std::unique_ptr<LedgerFlushThread> m_flusher;
    qint64 m_syncCount = 0;
    qint64 m_syncTotalNs = 0;
    qint64 m_syncLongestNs = 0;
};

} // namespace k8::agent
