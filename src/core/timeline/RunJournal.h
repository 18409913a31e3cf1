// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "timeline/TimelineStore.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace k8::timeline {

// The approved runs that started and have not ended yet, so that a run the app never saw end
// (the app killed, crashed, the machine switched off) is known at the next start. The file is
// `run-journal.jsonl` in the data folder, owner-only (0600), one JSON line before each run
// starts and one after it ends:
//   {"event": "start", "run": ID, "time", "sandbox", "request", "agent", "checkpoint"}
//   {"event": "end", "run": ID}
// Each line is handed to the kernel before the call returns, so it survives the app being
// killed (not a power cut: like run-results.jsonl it is not synced, see TimelineStore.cpp).
// At the next start, recoverCutOff() turns each start without an end into a cut-off result in
// run-results.jsonl and empties the journal.
class RunJournal
{
    Q_DECLARE_TR_FUNCTIONS(k8::timeline::RunJournal)
public:
    static QString pathIn(const QString& dataDir); // <dataDir>/run-journal.jsonl

    // Appends a start record for `run` (its time, sandbox, request, agent, checkpoint). Returns
    // the run's id in the journal, empty with *error when it could not be written.
    static QString recordStart(const QString& path, const RunResult& run, QString* error);
    static bool recordEnd(const QString& path, const QString& runId, QString* error);

    // The starts without an end, oldest first, as cut-off results: time is when the run started,
    // ran false, cutOff true, error says why. Unreadable lines are counted in *skipped.
    static QList<RunResult> openRuns(const QString& path, int* skipped = nullptr);
    // openRuns(), appended to the results log, then the journal emptied. Returns them; on a write
    // failure (*error) the journal is kept, so the next start tries again.
    static QList<RunResult> recoverCutOff(const QString& journalPath, const QString& resultsPath,
                                          QString* error);
};

} // namespace k8::timeline
