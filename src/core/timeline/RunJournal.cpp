// SPDX-License-Identifier: Apache-2.0
#include "timeline/RunJournal.h"

#include "files/OwnerOnly.h"
#include "timeline/JsonLines.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

namespace k8::timeline {

namespace {

const QString KeyEvent = QStringLiteral("event");
const QString KeyRun = QStringLiteral("run");
const QString EventStart = QStringLiteral("start");
const QString EventEnd = QStringLiteral("end");

} // namespace

QString RunJournal::pathIn(const QString& dataDir)
{
    return QDir(dataDir).filePath(QStringLiteral("run-journal.jsonl"));
}

QString RunJournal::recordStart(const QString& path, const RunResult& run, QString* error)
{
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QDateTime time = run.time.isValid() ? run.time : QDateTime::currentDateTimeUtc();
    const QJsonObject record{{KeyEvent, EventStart},
                             {KeyRun, id},
                             {QStringLiteral("time"), time.toUTC().toString(Qt::ISODateWithMs)},
                             {QStringLiteral("sandbox"), run.sandbox},
                             {QStringLiteral("request"), run.requestId},
                             {QStringLiteral("agent"), run.agent},
                             {QStringLiteral("checkpoint"), run.checkpointLabel}};
    return JsonLines::append(path, record, error) ? id : QString();
}

bool RunJournal::recordEnd(const QString& path, const QString& runId, QString* error)
{
    return JsonLines::append(path, QJsonObject{{KeyEvent, EventEnd}, {KeyRun, runId}}, error);
}

QList<RunResult> RunJournal::openRuns(const QString& path, int* skipped)
{
    QList<RunResult> open;
    QHash<QString, qsizetype> indexOf; // run id -> index in `open`
    QList<bool> ended;
    // A line cut off by the kill itself is not JSON: counted, never guessed at.
    int bad = 0;
    for (const QJsonObject& o : JsonLines::read(path, &bad)) {
        const QString id = o.value(KeyRun).toString();
        const QString event = o.value(KeyEvent).toString();
        if (id.isEmpty() || (event != EventStart && event != EventEnd)) {
            ++bad;
            continue;
        }
        if (event == EventEnd) {
            if (const auto it = indexOf.constFind(id); it != indexOf.constEnd())
                ended[*it] = true;
            continue;
        }
        RunResult run;
        run.time = JsonLines::time(o.value(QStringLiteral("time")));
        run.sandbox = o.value(QStringLiteral("sandbox")).toString();
        run.requestId = o.value(QStringLiteral("request")).toString();
        run.agent = o.value(QStringLiteral("agent")).toString();
        run.checkpointLabel = o.value(QStringLiteral("checkpoint")).toString();
        run.ran = false;
        run.cutOff = true;
        run.error = tr("kosa8 Desk ended while this run was going on, and kosa8 was stopped with it; "
                       "its result is unknown.");
        if (run.sandbox.isEmpty()) {
            ++bad;
            continue;
        }
        indexOf.insert(id, open.size());
        open.append(run);
        ended.append(false);
    }
    QList<RunResult> cutOff;
    for (qsizetype i = 0; i < open.size(); ++i) {
        if (!ended[i])
            cutOff.append(open[i]);
    }
    if (skipped)
        *skipped = bad;
    return cutOff;
}

QList<RunResult> RunJournal::recoverCutOff(const QString& journalPath, const QString& resultsPath,
                                           QString* error)
{
    if (!QFile::exists(journalPath))
        return {};
    const QList<RunResult> cutOff = openRuns(journalPath);
    for (const RunResult& run : cutOff) {
        if (!RunResultLog::append(resultsPath, run, error))
            return cutOff;
    }
    // Every run in it has ended or is now recorded as cut off: it starts empty.
    QFile file(journalPath);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate, files::OwnerOnly::FilePermissions)) {
        if (error)
            *error = tr("Cannot empty %1: %2").arg(journalPath, file.errorString());
        return cutOff;
    }
    return cutOff;
}

} // namespace k8::timeline
