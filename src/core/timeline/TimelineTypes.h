// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace k8::timeline {

// One approved run as the app recorded it: the ledger entry (who asked, who decided, where it
// ran, the checkpoint label taken before it) joined with the run's result when the app saw it
// end (RunResultLog).
struct RunRecord
{
    QDateTime time; // the decision's time in the ledger
    QString requestId;
    QString agent;
    QString title;
    agent::DecisionKind decision = agent::DecisionKind::Approve; // Approve or Edit
    QString decidedBy;                                           // person, rule:NAME, ...
    QString sandbox;
    QString image;
    QString language;
    QString checkpointLabel; // empty: the request asked for no checkpoint
    bool hasResult = false;  // the app saw the run end
    bool ran = false;        // the code ran (exitCode is its exit); false: kosa8 failed
    int exitCode = -1;
    QString error;       // kosa8's failure, when !ran
    bool cutOff = false; // the app ended while it ran (RunJournal)
};

// A fork the app made: `fork NAME -n N` and the sandboxes kosa8 printed.
struct ForkRecord
{
    QDateTime time;
    QString sandbox;             // the forked sandbox
    QString fromCheckpoint;      // the checkpoint it was running from then (may be empty)
    QStringList forkedSandboxes; // the new ones
};

// One element on a sandbox's timeline.
struct TimelineItem
{
    enum class Kind
    {
        Checkpoint,
        Snapshot,
        Run,
        Fork,      // this sandbox was forked into others
        ForkedFrom // this sandbox came from a fork of another
    };

    Kind kind = Kind::Checkpoint;
    QDateTime time;     // as printed or recorded; invalid when unreadable
    QString timeText;   // as printed
    QDateTime sortTime; // where it sits on the axis (see TimelineBuilder)

    // Checkpoint: its label; snapshot: its id; fork: the forked sandboxes joined.
    QString label;
    QString id;
    QString size;
    bool current = false; // checkpoint: the one the sandbox runs from (CURRENT "*")
    bool base = false;    // checkpoint: the sandbox's base checkpoint

    // Run
    RunRecord run;
    bool checkpointMissing = false; // the run's checkpoint label is not in `checkpoint ls`
    int checkpointRow = -1;         // row of the checkpoint taken just before the run (-1: none)

    // Fork / ForkedFrom
    ForkRecord fork;
};

} // namespace k8::timeline
