// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"
#include "history/AuditStreamParser.h"
#include "kosa8/JobResult.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <memory>

class QThread;

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
} // namespace k8::kosa8

namespace k8::history {

class AuditParseWorker;

// How one load ended.
struct AuditLoadResult
{
    kosa8::JobResult job; // `kosa8 audit ls`: command, exit code, stderr
    AuditStreamParser::Format format = AuditStreamParser::Format::Unknown;
    qint64 linesRead = 0;
    qint64 kosa8Stored = 0; // new kosa8 rows (a refresh skips those it had)
    bool rewritten = false; // a refresh found the last known entry changed: reload all
    QString ledgerError;    // the ledger exists but could not be read
    qint64 problems = 0;    // unreadable lines so far, both sources
};

// Loads `kosa8 audit ls` through the app's Kosa8Runner (the command profile's audit.ls) as a
// stream: the process's stdout goes, chunk by chunk, to a parser on a worker thread that appends
// to the store; rowsAvailable() tells the UI thread how far the store has grown, at most every
// few milliseconds. When kosa8 has finished, the worker reads the app's ledger (the second
// source) into the same store, and finished() follows. Nothing here blocks the UI thread.
class AuditLoader : public QObject
{
    Q_OBJECT
public:
    // Without a runner only the ledger is read (the inbox's History tab shows decisions only).
    explicit AuditLoader(kosa8::Kosa8Runner* runner, QObject* parent = nullptr);
    ~AuditLoader() override;

    void setLedgerPath(const QString& path) { m_ledgerPath = path; }
    QString ledgerPath() const { return m_ledgerPath; }

    // Starts loading into `store`. With an incremental refresh, kosa8 entries up to the store's
    // last SEQ (whose HASH must be unchanged) and ledger entries up to its last seq are skipped.
    // A load still running is cancelled first. False when one cannot start (see finished()).
    void start(std::shared_ptr<AuditStore> store, bool incremental = false);
    void cancel();
    bool isRunning() const { return m_running; }
    std::shared_ptr<AuditStore> store() const { return m_store; }
    QString commandPreview() const;

Q_SIGNALS:
    void started();
    // The store now holds `rows` rows (published; any thread may read them).
    void rowsAvailable(qsizetype rows);
    void finished(const k8::history::AuditLoadResult& result);

private:
    // The worker's progress reports and end of load, in the order it made them.
    void takeWorkerOutcomes();
    // The ledger path travels with the end: the worker reads it after kosa8's output.
    void postEnd(quint64 generation);

    kosa8::Kosa8Runner* m_runner;
    QString m_ledgerPath;
    QThread* m_thread;
    AuditParseWorker* m_worker;
    std::shared_ptr<AuditStore> m_store;
    QPointer<kosa8::Kosa8Job> m_job;
    kosa8::JobResult m_jobResult;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace k8::history

Q_DECLARE_METATYPE(k8::history::AuditLoadResult)
