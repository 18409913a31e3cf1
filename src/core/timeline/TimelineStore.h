// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timeline/TimelineTypes.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace k8::timeline {

// What the app keeps about timelines in its data folder, in `timeline.json` (written whole
// with QSaveFile, so it is never torn):
//
//   {"sandboxes": {"code-runner": {"base": "clean", "reset_after_run": true}},
//    "forks": [{"time": "...", "sandbox": "code-runner", "from": "clean",
//               "forked": ["code-runner-fork1"]}]}
//
// The forks are the app's own record of the forks it made (kosa8's lists do not say which
// sandbox a sandbox was forked from). Every setter writes the file at once.
class TimelineStore
{
    Q_DECLARE_TR_FUNCTIONS(k8::timeline::TimelineStore)
public:
    explicit TimelineStore(const QString& dataDir = {});

    // <dataDir>/timeline.json
    QString path() const { return m_path; }
    // Reads the file; a missing file is an empty store. False with *error (naming the file) when
    // it cannot be read; the store is then empty and writes are refused, so the damaged file is
    // left for the person to look at.
    bool load(QString* error);

    QString baseCheckpoint(const QString& sandbox) const;
    bool setBaseCheckpoint(const QString& sandbox, const QString& label, QString* error);
    bool resetAfterRun(const QString& sandbox) const;
    bool setResetAfterRun(const QString& sandbox, bool on, QString* error);
    // Sandboxes that rewind to their base after every approved run (for the inbox).
    QStringList sandboxesResettingAfterRun() const;

    QList<ForkRecord> forks() const { return m_forks; }
    bool addFork(const ForkRecord& fork, QString* error);

private:
    bool save(QString* error);
    QString m_path;
    QJsonObject m_sandboxes;
    QList<ForkRecord> m_forks;
    bool m_loadFailed = false;
};

// The end of each approved run, as the app saw it, one JSON line each, appended to
// `run-results.jsonl` beside the ledger (the ledger records the decision before the run, so it
// cannot hold the exit code):
//   {"time", "sandbox", "request", "agent", "checkpoint", "ran", "exit_code", "error", "cut_off"}
// "cut_off": true marks a run the app never saw end (RunJournal): "time" is when it started,
// "ran" is false, "error" says why.
struct RunResult
{
    QDateTime time;
    QString sandbox;
    QString requestId;
    QString agent;
    QString checkpointLabel;
    bool ran = false;
    int exitCode = -1;
    QString error;
    // The reset to the base after the run, as RunExecutor::resetOutcome() says it; empty: none.
    QJsonObject reset;
    // The app ended while it ran (found in the run journal at the next start).
    bool cutOff = false;
};

class RunResultLog
{
    Q_DECLARE_TR_FUNCTIONS(k8::timeline::RunResultLog)
public:
    static QString pathIn(const QString& dataDir); // <dataDir>/run-results.jsonl
    // Appends one line and hands it to the kernel (no fdatasync: see the .cpp).
    static bool append(const QString& path, const RunResult& result, QString* error);
    // Every readable line; unreadable ones are counted in *skipped.
    static QList<RunResult> read(const QString& path, int* skipped = nullptr);
};

// Runs as the ledger recorded them: `run` entries approved (decision approve or edit), oldest
// first, joined with their results: by sandbox and checkpoint label (unique per run), else by
// sandbox, request id and agent (the first result at or after the decision).
class LedgerRuns
{
public:
    static QList<RunRecord> fromLedger(const QList<QJsonObject>& entries, const QList<RunResult>& results);
    // Reads the ledger (the newest `limit` entries) and the results beside it.
    static QList<RunRecord> read(const QString& ledgerPath, const QString& resultsPath, int limit,
                                 QString* warning = nullptr);
};

} // namespace k8::timeline
