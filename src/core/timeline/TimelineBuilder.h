// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Types.h"
#include "timeline/TimelineTypes.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

namespace k8::timeline {

// What a sandbox's timeline is made of. Runs and forks may name other sandboxes; the builder
// keeps the ones of `sandbox`.
struct TimelineInput
{
    QString sandbox;
    QList<kosa8::Checkpoint> checkpoints; // as `checkpoint ls` listed them
    QList<kosa8::Snapshot> snapshots;     // as `snapshot ls` listed them
    QList<RunRecord> runs;                // oldest first (ledger order)
    QList<ForkRecord> forks;              // oldest first (the app's fork record)
    QString baseLabel;                    // the sandbox's base checkpoint; empty: none
};

struct TimelineBuild
{
    QList<TimelineItem> items; // in timeline order
    int currentRow = -1;       // the checkpoint marked CURRENT; -1: none (or kosa8 marked several)
    QStringList problems;      // sentences for people: what in the input did not add up
};

// Merges checkpoints, snapshots, runs and forks into one ordered timeline.
//
// Order: by time. An item whose time cannot be read sits right after the item listed before it
// in its own list (kosa8 lists in creation order), or first when it is listed first. A run sits
// right after the checkpoint taken for it (the ledger's time is the decision's, taken just
// before that checkpoint). Ties at the same instant: checkpoint, snapshot, run, fork, then the
// order of the input lists.
//
// A run is linked to the checkpoint whose label it recorded; when that label is no longer listed
// (deleted, or a rewind dropped it) the run is marked checkpointMissing and linked to the last
// checkpoint before it, if any.
class TimelineBuilder
{
    Q_DECLARE_TR_FUNCTIONS(k8::timeline::TimelineBuilder)
public:
    static TimelineBuild build(const TimelineInput& input);

    // Rows a rewind to the checkpoint at `row` discards: the runs and checkpoints after it.
    static QList<int> rowsAfter(const QList<TimelineItem>& items, int row);

    // A label for "checkpoint now" that the sandbox does not have yet and that kosa8 accepts:
    // manual-YYYYMMDD-HHMMSS (UTC), with -2, -3 ... when taken.
    static QString suggestLabel(const QStringList& existingLabels, const QDateTime& now);

    // One line naming the item, for lists, tool tips and screen readers.
    static QString describe(const TimelineItem& item);
    // Several lines with every field, for the details panel.
    static QString details(const TimelineItem& item);
    // "3 min", "2 h", "5 d" from `time` to `now`; empty for an invalid time.
    static QString age(const QDateTime& time, const QDateTime& now);
};

} // namespace k8::timeline
