// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/LangGraphThreads.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <QSet>
#include <QString>
#include <QStringList>
#include <optional>

class QTimer;

namespace k8::agent::langgraph {

class LangGraphApi;
struct LangGraphResponse;

// How a server is doing, as the last poll found it.
struct LangGraphServerStatus
{
    QString server;
    bool reachable = false;
    QString version;            // GET /info's "version" (empty until read)
    int interruptedThreads = 0; // watched threads the server lists as interrupted
    int pendingInterrupts = 0;  // interrupts known and not yet gone
    int skippedEntries = 0;     // threads or interrupts of the last poll left out for a wrong shape
    bool truncated = false;     // more interrupted threads than one poll reads (the newest are kept)
    QString error;              // why the last poll failed (empty when it did not)
    int retryInMs = 0;          // when the next poll starts

    bool operator==(const LangGraphServerStatus&) const = default;
};

// Polls one server for interrupted threads and reports their interrupts as they appear and go
// (docs/langgraph.md). A poll is one small listing (ids, updated_at, metadata of interrupted
// threads, newest first, paged); only threads whose updated_at changed, and known threads that
// left the listing, are fetched again, with their interrupts, in one request. A failed poll keeps
// everything known (nothing is reported gone because the server cannot be reached) and the next
// try waits twice as long, up to maxBackoffMs.
class InterruptWatcher : public QObject
{
    Q_OBJECT
public:
    enum class GoneReason
    {
        ResumedHere,      // markResumedHere() named it: this app resumed it
        ResumedElsewhere, // the thread no longer holds it, or holds another value under its id
        ThreadGone,       // the thread was deleted
    };
    Q_ENUM(GoneReason)

    explicit InterruptWatcher(LangGraphApi* api, QObject* parent = nullptr);
    ~InterruptWatcher() override;

    // Between two polls while the server answers (the issue wants new interrupts seen within 3 s).
    void setPollIntervalMs(int ms) { m_pollIntervalMs = ms; }
    // The first retry after a failure, doubling up to the cap (never more than 10 s by default).
    void setBackoffMs(int initialMs, int maxMs);
    // Threads per listing request, and how many pages one poll reads at most.
    void setPageSize(int threads) { m_pageSize = threads; }
    void setMaxPages(int pages) { m_maxPages = pages; }

    void start();
    void stop();
    bool isRunning() const { return m_running; }

    // Every interrupt known to be pending, in the order they were found.
    QList<PendingInterrupt> pending() const;
    LangGraphServerStatus status() const { return m_status; }
    // Says this app resumed the interrupt, so its going is ResumedHere: call it when
    // ResumeGuard::finished() says Resumed. Until then the thread is busy with the resume's run,
    // and a busy thread's interrupts are not judged, so the going is not reported before.
    void markResumedHere(const PendingInterrupt& interrupt);
    // Takes interrupts found pending by an earlier watcher of the same server as known (the
    // person's decisions on them wait to be delivered: LangGraphSource::adoptUndelivered()): they
    // are not reported as appearing, and a poll that finds them gone reports them gone.
    void adopt(const QList<PendingInterrupt>& interrupts);

    // The wait before the next try after `failures` failed polls in a row (>= 1).
    static int backoffDelayMs(int failures, int initialMs, int maxMs);

Q_SIGNALS:
    void interruptAppeared(const k8::agent::langgraph::PendingInterrupt& interrupt);
    void interruptGone(const k8::agent::langgraph::PendingInterrupt& interrupt,
                       k8::agent::langgraph::InterruptWatcher::GoneReason reason);
    void statusChanged(const k8::agent::langgraph::LangGraphServerStatus& status);
    // Every poll's end, changed or not (tests and the UI's "last checked").
    void pollFinished(bool ok);

private:
    struct KnownThread
    {
        QString updatedAt;
        QList<PendingInterrupt> interrupts;
    };

    void poll();
    void readInfo();
    void listPage(int offset, int page);
    void fetchChanged();
    void fetchChunk();
    void applyThread(const LangGraphThread& thread);
    void dropThread(const QString& threadId, GoneReason reason);
    void reportGone(const PendingInterrupt& interrupt, GoneReason elsewhere);
    void finishPoll();
    void failPoll(const QString& error);
    // The threads of a listing or a fetch, their skipped entries counted; nullopt (the poll
    // failed, failPoll() said why) when the request failed or its answer cannot be read.
    std::optional<ThreadsRead> readPollAnswer(const LangGraphResponse& response);
    void schedule(int ms);
    bool current(quint64 generation) const { return m_running && generation == m_generation; }
    void publishStatus();

    LangGraphApi* m_api;
    QTimer* m_timer;
    QString m_server;
    bool m_running = false;
    quint64 m_generation = 0; // a poll's callbacks are dropped once stop() or a new start() came
    int m_pollIntervalMs = 1000;
    int m_backoffInitialMs = 1000;
    int m_backoffMaxMs = 10'000;
    int m_pageSize = 100;
    int m_maxPages = 10;
    int m_failures = 0;

    QHash<QString, KnownThread> m_known; // thread id -> what the last fetch of it held
    QStringList m_knownOrder;            // thread ids in the order they were first seen
    QSet<QString> m_resumedHere;         // keys of interrupts this app resumed

    // The poll under way.
    QHash<QString, QString> m_listed; // thread id -> updated_at of the listing
    QStringList m_listedOrder;
    QStringList m_toFetch;
    int m_skipped = 0;
    bool m_truncated = false;

    LangGraphServerStatus m_status;
    LangGraphServerStatus m_lastPublished; // statusChanged() only when something in it changed
};

} // namespace k8::agent::langgraph

Q_DECLARE_METATYPE(k8::agent::langgraph::LangGraphServerStatus)
