// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace k8::agent {

class LedgerFlushThread;
struct LedgerFlushJob;

// What one ledger entry records (protocol.md "Ledger"): the on-disk record, so its method and
// decision stay text as written (methodName(), decisionName(); a person's decision on several
// actions is one name per action, comma-joined). Code that reads entries back converts them with
// methodFrom() / decisionKindFrom() and keeps text it does not know as it is.
struct LedgerRecord
{
    QString requestId; // the JSON-RPC id as text (rpcIdText)
    QString agent;
    QString method; // methodName()
    QString payloadSha256;
    QString codeSha256; // empty: the request had no code (omitted from the entry)
    QString decision;   // decisionName(), or one per action comma-joined ("approve,reject")
    QString decidedBy;  // "person", "rule:NAME", "timeout", "withdrawn", "shutdown", "elsewhere"
    QString title;      // shown in the history view; omitted when empty
    // Which source the request came from (RequestSource::sourceName(): "socket"); omitted when
    // empty, as in entries written before sources had names.
    QString source;
    // Where the request waited at a server that holds it (a LangGraph interrupt): the server's
    // URL, the thread and the interrupt's id; empty (omitted) for the socket's requests.
    QString server;
    QString threadId;
    QString interruptId;
    // For approvals: the action_sha256 of what was approved (after any edit), one per action,
    // comma-joined; empty otherwise (omitted).
    QString actionSha256;
    // For runs: where and how the code ran (or would have); empty: omitted.
    QString sandbox;
    QString image;
    QString language;
    QString checkpointLabel;
    // The reject reason the agent received, where its payload shape carries one (HITL, run);
    // empty: omitted. For a trial: why its code did not run or finish, or its copy was not removed.
    QString reason;
    // A trial (decision "trial"): the throwaway copy the code ran in, and the code's exit code
    // when it ran to an exit; empty / none: omitted.
    QString copy;
    std::optional<int> exitCode;
};

struct LedgerVerifyResult
{
    bool ok = false;
    qint64 entries = 0; // entries that chain
    QString lastHash;   // the hash of the last entry that chains (64 zeros: none)
    qint64 firstBadSeq = -1;
    int firstBadLine = 0; // 1-based; 0: none
    QList<int> tornLines; // lines that are not JSON at all (cut off by a crash); skipped
    QString message;      // one sentence for people
};

// How the ledger compares with the end the app remembers outside it (Ledger::statePath()).
struct LedgerStateCheck
{
    enum class Outcome
    {
        Agrees,     // the entry at the remembered seq has the remembered hash (or both are empty)
        NoState,    // nothing remembered although the ledger has entries: the check cannot be made
        Unreadable, // the remembered state is damaged: the check cannot be made
        Shorter,    // the ledger ends before the remembered seq: its tail is gone
        Rewritten,  // the entry at the remembered seq is missing or has another hash
    };
    Outcome outcome = Outcome::Agrees;
    qint64 rememberedSeq = -1;
    QString rememberedHash;
    QString message; // one sentence for people; empty when the ledger agrees

    // Shorter, Rewritten or Unreadable: something changed the ledger or the state behind the app.
    bool isAlarm() const
    {
        return outcome == Outcome::Shorter || outcome == Outcome::Rewritten || outcome == Outcome::Unreadable;
    }
};

// The append-only, hash-chained record of every decision. Each line is the canonical JSON of
// {seq, time, request, agent, method, payload_sha256, code_sha256?, title?, action_sha256?,
// sandbox?, image?, language?, checkpoint?, reason?, decision, decided_by, prev, hash}, hash = sha256(prev +
// canonical JSON of the entry without "hash"); the first prev is 64 zeros. Empty optional fields are
// left out.
//
// After each durable commit the ledger also writes its last seq and hash into a small state file
// beside it (statePath()), so that open() can tell when the file has lost its tail or been
// rewritten since (stateCheck()). See statePath() for why that write is not flushed to disk.
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
    // Called after each batch of entries became durable, with the last seq now on disk, on the
    // thread that called commit() or finishCommit() (never the flush thread), so the owner can
    // tell its views (the history reloads on every write) without locking.
    void setOnDurable(std::function<void(qint64 lastSeq)> onDurable) { m_onDurable = std::move(onDurable); }
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

    // Reading a ledger back is LedgerReader's (these stay for the callers that have a Ledger).
    static LedgerVerifyResult verify(const QString& path);
    // Newest-last entries, at most `limit`; unreadable lines are skipped and reported.
    static QList<QJsonObject> readRecent(const QString& path, int limit, QString* warning = nullptr);

    // What open() found when it compared the ledger with the remembered state.
    const LedgerStateCheck& stateCheck() const { return m_stateCheck; }
    // <folder>/<name>.state beside <folder>/<name>.jsonl ("ledger.state"): {"hash","seq"} of the
    // last entry the app made durable, rewritten in place after every commit. The rewrite is one
    // small pwrite() into the page cache, without a flush of its own: a second fdatasync per batch
    // would double the cost of every decision, and the state only has to survive the app, not the
    // machine. A crash of the app loses nothing (the page cache stays); a power cut may leave the
    // state a few entries behind the ledger (never ahead: it is written after the ledger's flush),
    // which hides only a cut of those last entries and never raises a false alarm.
    static QString statePath(const QString& ledgerPath);
    // Compares the ledger at `ledgerPath`, whose last good entry is (lastSeq, lastHash), with its
    // remembered state. Reads the file only when the state lags behind the ledger.
    static LedgerStateCheck checkState(const QString& ledgerPath, qint64 lastSeq, const QString& lastHash);

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
    bool settleWritten(int writeErrno, int flushResult, qint64 flushNs, int stateErrno, QString* error);
    // Chains the staged entries into one batch for writeAndSync(), with the state record after it.
    LedgerFlushJob flushJob();
    void dropWritten();
    // Opens (creating) the state file for the flushes to rewrite; false when it cannot be.
    bool openStateFile();

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
    QFile m_stateFile;          // open once the first batch is chained
    bool m_stateSized = false;  // cut to one record since open()
    bool m_stateWarned = false; // a failed state write was logged
    QByteArray m_writtenState;  // the state record of the batch in flight
    LedgerStateCheck m_stateCheck;
    std::unique_ptr<LedgerFlushThread> m_flusher;
    std::function<void(qint64)> m_onDurable;
    qint64 m_syncCount = 0;
    qint64 m_syncTotalNs = 0;
    qint64 m_syncLongestNs = 0;
};

} // namespace k8::agent
