// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelineBuilder.h"

#include "kosa8/Names.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <limits>

namespace k8::timeline {

namespace {

using Kind = TimelineItem::Kind;

// Ties at the same instant: a checkpoint is taken before the run it protects; a fork comes last
// because it copies the sandbox as the other items left it.
int kindRank(Kind kind)
{
    switch (kind) {
    case Kind::ForkedFrom:
        return 0;
    case Kind::Checkpoint:
        return 1;
    case Kind::Snapshot:
        return 2;
    case Kind::Run:
        return 3;
    case Kind::Fork:
        return 4;
    }
    return 5;
}

struct Keyed
{
    TimelineItem item;
    qint64 key = std::numeric_limits<qint64>::min(); // ms since the epoch of sortTime
    int rank = 0;
    int order = 0; // position in the input lists
    // Within one key and rank: a checkpoint and the runs taken from it sort by the checkpoint's
    // place in kosa8's list (`anchor`), the checkpoint first (`sub` 0). Other items: their order.
    int anchor = 0;
    int sub = 0;
};

constexpr qint64 NoTime = std::numeric_limits<qint64>::min();

qint64 msOf(const QDateTime& time)
{
    return time.isValid() ? time.toMSecsSinceEpoch() : NoTime;
}

} // namespace

TimelineBuild TimelineBuilder::build(const TimelineInput& input)
{
    TimelineBuild out;
    QList<Keyed> keyed;
    int order = 0;

    // Checkpoints, in kosa8's order; unreadable times inherit the one listed before.
    QHash<QString, qint64> checkpointKey; // label -> key
    QHash<QString, int> checkpointOrder;  // label -> order, for the runs taken from it
    QSet<QString> duplicateLabels;
    int currentCount = 0;
    qint64 previous = NoTime;
    for (const kosa8::Checkpoint& checkpoint : input.checkpoints) {
        Keyed k;
        k.item.kind = Kind::Checkpoint;
        k.item.time = checkpoint.created;
        k.item.timeText = checkpoint.createdText;
        k.item.label = checkpoint.label;
        k.item.id = checkpoint.id;
        k.item.size = checkpoint.size;
        k.item.current = checkpoint.current;
        k.item.base = !input.baseLabel.isEmpty() && checkpoint.label == input.baseLabel;
        k.key = checkpoint.created.isValid() ? msOf(checkpoint.created) : previous;
        previous = k.key;
        k.rank = kindRank(k.item.kind);
        k.order = order++;
        k.anchor = k.order;
        if (checkpoint.current)
            ++currentCount;
        if (checkpointKey.contains(checkpoint.label))
            duplicateLabels.insert(checkpoint.label);
        else {
            checkpointKey.insert(checkpoint.label, k.key);
            checkpointOrder.insert(checkpoint.label, k.order);
        }
        keyed.append(k);
    }
    for (const QString& label : std::as_const(duplicateLabels))
        out.problems.append(tr("kosa8 listed the checkpoint \"%1\" more than once.").arg(label));
    if (currentCount > 1) {
        // Which one the sandbox runs from is kosa8's to say; with two answers there is none.
        out.problems.append(
            tr("kosa8 marked %n checkpoints as current; none is shown as current.", "", currentCount));
        for (Keyed& k : keyed)
            k.item.current = false;
    }
    if (!input.baseLabel.isEmpty() && !checkpointKey.contains(input.baseLabel) &&
        !input.checkpoints.isEmpty())
        out.problems.append(tr("The base checkpoint \"%1\" is no longer listed.").arg(input.baseLabel));

    previous = NoTime;
    for (const kosa8::Snapshot& snapshot : input.snapshots) {
        Keyed k;
        k.item.kind = Kind::Snapshot;
        k.item.time = snapshot.created;
        k.item.timeText = snapshot.createdText;
        k.item.label = snapshot.id;
        k.item.id = snapshot.id;
        k.item.size = snapshot.size;
        k.key = snapshot.created.isValid() ? msOf(snapshot.created) : previous;
        previous = k.key;
        k.rank = kindRank(k.item.kind);
        k.order = order++;
        k.anchor = k.order;
        keyed.append(k);
    }

    previous = NoTime;
    for (const RunRecord& run : input.runs) {
        if (run.sandbox != input.sandbox)
            continue;
        Keyed k;
        k.item.kind = Kind::Run;
        k.item.time = run.time;
        k.item.timeText = run.time.isValid() ? run.time.toString(Qt::ISODate) : QString();
        k.item.label = run.title.isEmpty() ? run.requestId : run.title;
        k.item.run = run;
        k.key = run.time.isValid() ? msOf(run.time) : previous;
        k.rank = kindRank(k.item.kind);
        k.order = order++;
        k.anchor = k.order;
        if (!run.checkpointLabel.isEmpty()) {
            const auto it = checkpointKey.constFind(run.checkpointLabel);
            if (it == checkpointKey.constEnd()) {
                k.item.checkpointMissing = true;
            } else {
                // Right after its own checkpoint, before the next one. kosa8 gives checkpoint times
                // in whole seconds and the app its runs' in milliseconds: by time alone a run sorted
                // after the checkpoint taken for the next run in the same second (and a rewind to
                // that checkpoint said the run would be lost).
                k.key = it.value();
                k.rank = kindRank(Kind::Checkpoint);
                k.anchor = checkpointOrder.value(run.checkpointLabel);
                k.sub = 1;
            }
        }
        previous = k.key;
        keyed.append(k);
    }

    for (const ForkRecord& fork : input.forks) {
        const bool parent = fork.sandbox == input.sandbox;
        const bool child = fork.forkedSandboxes.contains(input.sandbox);
        if (!parent && !child)
            continue;
        Keyed k;
        k.item.kind = parent ? Kind::Fork : Kind::ForkedFrom;
        k.item.time = fork.time;
        k.item.timeText = fork.time.isValid() ? fork.time.toString(Qt::ISODate) : QString();
        k.item.label = parent ? fork.forkedSandboxes.join(QStringLiteral(", ")) : fork.sandbox;
        k.item.fork = fork;
        k.key = msOf(fork.time);
        k.rank = kindRank(k.item.kind);
        k.order = order++;
        k.anchor = k.order;
        keyed.append(k);
    }

    std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
        if (a.key != b.key)
            return a.key < b.key;
        if (a.rank != b.rank)
            return a.rank < b.rank;
        if (a.anchor != b.anchor)
            return a.anchor < b.anchor;
        if (a.sub != b.sub)
            return a.sub < b.sub;
        return a.order < b.order;
    });

    out.items.reserve(keyed.size());
    QHash<QString, int> rowOfLabel;
    int lastCheckpointRow = -1;
    for (const Keyed& k : std::as_const(keyed)) {
        TimelineItem item = k.item;
        item.sortTime = k.key == NoTime ? QDateTime() : QDateTime::fromMSecsSinceEpoch(k.key, Qt::UTC);
        const int row = int(out.items.size());
        if (item.kind == Kind::Checkpoint) {
            if (!rowOfLabel.contains(item.label))
                rowOfLabel.insert(item.label, row);
            lastCheckpointRow = row;
            if (item.current)
                out.currentRow = row;
        } else if (item.kind == Kind::Run) {
            // Its own checkpoint when listed (it sorts before the run), else the last one before.
            item.checkpointRow = item.checkpointMissing || item.run.checkpointLabel.isEmpty()
                                     ? lastCheckpointRow
                                     : rowOfLabel.value(item.run.checkpointLabel, lastCheckpointRow);
        }
        out.items.append(item);
    }
    int missing = 0;
    for (const TimelineItem& item : std::as_const(out.items))
        missing += item.kind == Kind::Run && item.checkpointMissing ? 1 : 0;
    if (missing > 0)
        out.problems.append(
            tr("%n run(s) name a checkpoint kosa8 no longer lists; they are marked \"checkpoint gone\".", "",
               missing));
    return out;
}

QList<int> TimelineBuilder::rowsAfter(const QList<TimelineItem>& items, int row)
{
    QList<int> rows;
    if (row < 0 || row >= items.size())
        return rows;
    for (int i = row + 1; i < items.size(); ++i) {
        if (items[i].kind == Kind::Run || items[i].kind == Kind::Checkpoint)
            rows.append(i);
    }
    return rows;
}

QString TimelineBuilder::suggestLabel(const QStringList& existingLabels, const QDateTime& now)
{
    const QString base = QStringLiteral("manual-") + now.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString label = base;
    for (int n = 2; existingLabels.contains(label); ++n)
        label = base + QLatin1Char('-') + QString::number(n);
    Q_ASSERT(kosa8::Names::checkLabel(label).isEmpty());
    return label;
}

QString TimelineBuilder::age(const QDateTime& time, const QDateTime& now)
{
    if (!time.isValid())
        return {};
    const qint64 seconds = std::max<qint64>(0, time.secsTo(now));
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return tr("%1 min").arg(seconds / 60);
    if (seconds < 86400)
        return tr("%1 h").arg(seconds / 3600);
    return tr("%1 d").arg(seconds / 86400);
}

QString TimelineBuilder::describe(const TimelineItem& item)
{
    const QString when = item.timeText.isEmpty() ? tr("time unknown") : item.timeText;
    switch (item.kind) {
    case Kind::Checkpoint: {
        QString text = tr("Checkpoint %1, %2, %3")
                           .arg(item.label, when, item.size.isEmpty() ? tr("size unknown") : item.size);
        if (item.base)
            text += tr(", base");
        if (item.current)
            text += tr(", you are here");
        return text;
    }
    case Kind::Snapshot:
        return tr("Snapshot %1, %2, %3")
            .arg(item.label, when, item.size.isEmpty() ? tr("size unknown") : item.size);
    case Kind::Run: {
        QString outcome;
        if (!item.run.hasResult)
            outcome = tr("result not recorded");
        else if (item.run.ran)
            outcome = tr("exit code %1").arg(item.run.exitCode);
        else if (item.run.cutOff)
            outcome = tr("cut off");
        else
            outcome = tr("kosa8 failed");
        // The label is the request's title, which often starts with "Run" itself ("Run python
        // code in box"): "Run: <title>", not "Run Run python code…".
        QString text = tr("Run: %1, by %2, %3, decided by %4, %5")
                           .arg(item.label, item.run.agent, outcome, item.run.decidedBy, when);
        if (item.checkpointMissing)
            text += tr(", checkpoint %1 gone").arg(item.run.checkpointLabel);
        return text;
    }
    case Kind::Fork:
        return tr("Forked into %1, %2").arg(item.label, when);
    case Kind::ForkedFrom:
        return tr("Forked from %1, %2").arg(item.label, when);
    }
    return {};
}

QString TimelineBuilder::details(const TimelineItem& item)
{
    QStringList lines{describe(item)};
    auto add = [&lines](const QString& name, const QString& value) {
        if (!value.isEmpty())
            lines.append(name + QStringLiteral(": ") + value);
    };
    switch (item.kind) {
    case Kind::Checkpoint:
        add(tr("Label"), item.label);
        add(tr("ID"), item.id);
        add(tr("Created"), item.timeText);
        add(tr("Size"), item.size);
        break;
    case Kind::Snapshot:
        add(tr("ID"), item.id);
        add(tr("Created"), item.timeText);
        add(tr("Size"), item.size);
        break;
    case Kind::Run:
        add(tr("Request"), item.run.requestId);
        add(tr("Title"), item.run.title);
        add(tr("Agent"), item.run.agent);
        add(tr("Decision"), agent::decisionName(item.run.decision));
        add(tr("Decided by"), item.run.decidedBy);
        add(tr("Image"), item.run.image);
        add(tr("Language"), item.run.language);
        add(tr("Checkpoint before it"),
            item.run.checkpointLabel.isEmpty() ? tr("none taken") : item.run.checkpointLabel);
        if (item.run.hasResult && item.run.ran)
            add(tr("Exit code"), QString::number(item.run.exitCode));
        add(item.run.cutOff ? tr("Cut off") : tr("kosa8 error"), item.run.error);
        break;
    case Kind::Fork:
    case Kind::ForkedFrom:
        add(tr("Forked sandbox"), item.fork.sandbox);
        add(tr("Copies"), item.fork.forkedSandboxes.join(QStringLiteral(", ")));
        add(tr("Running from checkpoint"), item.fork.fromCheckpoint);
        break;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace k8::timeline
