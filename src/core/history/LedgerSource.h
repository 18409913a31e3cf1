// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"

#include <QCoreApplication>
#include <QString>

namespace k8::history {

// Reads the app's ledger (src/core/agent/ledger/Ledger.h: one canonical JSON object a line) into the
// store as Source::Desk rows, so that "a person approved this run at 10:41, then kosa8 ran it at
// 10:41:02" reads as one story. The actor is "human" when a person decided and "desk" when the
// app did (a standing rule, a timeout, shutdown); the action is "decision.<decision>"; the sandbox
// is the run's; the detail names the title, agent, method and request; the whole line is kept as
// the entry's extra text so the details pane shows every field. Lines that are not a ledger entry
// become problems with their line numbers. An approved run the app never saw end (a "cut_off"
// line in run-results.jsonl beside the ledger, timeline/RunJournal.h) says "cut off" in its detail.
class LedgerSource
{
    Q_DECLARE_TR_FUNCTIONS(k8::history::LedgerSource)
public:
    // Entries with seq at or below skipThroughSeq are not stored again (a refresh). Returns
    // false with *error when the file exists but cannot be read; a missing ledger holds nothing.
    static bool load(const QString& path, AuditStore* store, qint64 skipThroughSeq, QString* error);
    // The actor a ledger "decided_by" stands for.
    static QString actorFor(const QString& decidedBy);
};

} // namespace k8::history
