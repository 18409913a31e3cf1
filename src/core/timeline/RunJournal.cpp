// SPDX-License-Identifier: Apache-2.0
#include "timeline/RunJournal.h"

#include "files/OwnerOnly.h"

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

// One line, appended and handed to the kernel; the file is made owner-only (it names agents,
// sandboxes and requests, like the ledger beside it).
bool appendLine(const QString& path, const QJsonObject& record, QString* error)
{
    QFile file(path);
    // Made 0600 (never readable by others, not even for a moment); an older one is narrowed.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append, files::OwnerOnly::FilePermissions)) {
        if (error)
            *error = RunJournal::tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    files::OwnerOnly::restrictFile(file);
    const QByteArray line = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
    if (file.write(line) != line.size() || !file.flush()) {
        if (error)
            *error = RunJournal::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QDateTime parseTime(const QJsonValue& value)
{
    QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(value.toString(), Qt::ISODate);
    return time;
}

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
    return appendLine(path, record, error) ? id : QString();
}

bool RunJournal::recordEnd(const QString& path, const QString& runId, QString* error)
{
    return appendLine(path, QJsonObject{{KeyEvent, EventEnd}, {KeyRun, runId}}, error);
}

QList<RunResult> RunJournal::openRuns(const QString& path, int* skipped)
{
    QList<RunResult> open;
    QHash<QString, qsizetype> indexOf; // run id -> index in `open`
    QList<bool> ended;
    int bad = 0;
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (const QByteArray& line : lines) {
            if (line.trimmed().isEmpty())
                continue;
            // A line cut off by the kill itself is not JSON: counted, never guessed at.
            const QJsonDocument doc = QJsonDocument::fromJson(line);
            const QJsonObject o = doc.object();
            const QString id = o.value(KeyRun).toString();
            const QString event = o.value(KeyEvent).toString();
            if (!doc.isObject() || id.isEmpty() || (event != EventStart && event != EventEnd)) {
                ++bad;
                continue;
            }
            if (event == EventEnd) {
                if (const auto it = indexOf.constFind(id); it != indexOf.constEnd())
                    ended[*it] = true;
                continue;
            }
            RunResult run;
            run.time = parseTime(o.value(QStringLiteral("time")));
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
