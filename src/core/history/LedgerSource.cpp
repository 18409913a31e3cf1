// SPDX-License-Identifier: Apache-2.0
#include "history/LedgerSource.h"

#include "agent/ledger/LedgerReader.h"
#include "history/TimeText.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace k8::history {

namespace {

// A run the app never saw end, as run-results.jsonl beside the ledger records it ("cut_off":
// true, written at the next start from the run journal: src/core/timeline/RunJournal.h).
struct CutOffRun
{
    QString sandbox;
    QString request;
    QString agent;
    qint64 startedMs = AuditRow::NoTime;
    qint64 decisionSeq = -1; // the ledger entry that approved it: the newest match before it started
};

QList<CutOffRun> readCutOffRuns(const QString& ledgerPath)
{
    QList<CutOffRun> runs;
    QFile file(QFileInfo(ledgerPath).dir().filePath(QStringLiteral("run-results.jsonl")));
    if (!file.open(QIODevice::ReadOnly))
        return runs;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        if (!line.contains("cut_off"))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (!o.value(QStringLiteral("cut_off")).toBool())
            continue;
        CutOffRun run;
        run.sandbox = o.value(QStringLiteral("sandbox")).toString();
        run.request = o.value(QStringLiteral("request")).toString();
        run.agent = o.value(QStringLiteral("agent")).toString();
        parseTimeMs(o.value(QStringLiteral("time")).toString().toUtf8(), &run.startedMs);
        runs.append(run);
    }
    return runs;
}

bool approvesRun(const QJsonObject& entry)
{
    const QString decision = entry.value(QStringLiteral("decision")).toString();
    return entry.value(QStringLiteral("method")).toString() == QLatin1String("run") &&
           (decision == QLatin1String("approve") || decision == QLatin1String("edit"));
}

// Which ledger entry approved each cut-off run (a request id may come back on another
// connection, so the newest matching approval at or before the run's start).
void findDecisions(QFile* ledger, QList<CutOffRun>* runs)
{
    while (!ledger->atEnd()) {
        QByteArray line = ledger->readLine();
        while (line.endsWith('\n') || line.endsWith('\r'))
            line.chop(1);
        QJsonObject entry;
        qint64 seq = -1;
        if (line.trimmed().isEmpty() || !agent::LedgerReader::parseEntry(line, &entry) ||
            !agent::LedgerReader::entrySeq(entry.value(QStringLiteral("seq")), &seq) || !approvesRun(entry))
            continue;
        qint64 timeMs = AuditRow::NoTime;
        parseTimeMs(entry.value(QStringLiteral("time")).toString().toUtf8(), &timeMs);
        for (CutOffRun& run : *runs) {
            if (run.sandbox == entry.value(QStringLiteral("sandbox")).toString() &&
                run.request == entry.value(QStringLiteral("request")).toString() &&
                run.agent == entry.value(QStringLiteral("agent")).toString() &&
                (run.startedMs == AuditRow::NoTime || timeMs == AuditRow::NoTime || timeMs <= run.startedMs))
                run.decisionSeq = seq;
        }
    }
    ledger->seek(0);
}

} // namespace

QString LedgerSource::actorFor(const QString& decidedBy)
{
    return decidedBy == QLatin1String("person") ? QStringLiteral("human") : QStringLiteral("desk");
}

bool LedgerSource::load(const QString& path, AuditStore* store, qint64 skipThroughSeq, QString* error)
{
    QFile file(path);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot read the ledger %1: %2").arg(path, file.errorString());
        return false;
    }
    QSet<qint64> cutOffSeqs;
    QList<CutOffRun> cutOff = readCutOffRuns(path);
    if (!cutOff.isEmpty()) {
        findDecisions(&file, &cutOff);
        for (const CutOffRun& run : std::as_const(cutOff)) {
            if (run.decisionSeq >= 0)
                cutOffSeqs.insert(run.decisionSeq);
        }
    }
    qint64 lineNumber = 0;
    while (!file.atEnd()) {
        QByteArray line = file.readLine();
        ++lineNumber;
        while (line.endsWith('\n') || line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        QJsonObject entry;
        qint64 seq = -1;
        if (!agent::LedgerReader::parseEntry(line, &entry) ||
            !agent::LedgerReader::entrySeq(entry.value(QStringLiteral("seq")), &seq)) {
            AuditProblem problem;
            problem.source = Source::Desk;
            problem.lineNumber = lineNumber;
            problem.text = QString::fromUtf8(line.left(300));
            problem.reason = tr("not a ledger entry (a write cut off by a crash?)");
            store->addProblem(problem);
            continue;
        }
        if (seq <= skipThroughSeq)
            continue;
        auto text = [&entry](const char* key) { return entry.value(QLatin1String(key)).toString(); };
        const QString decidedBy = text("decided_by");
        const QString title = text("title");
        QString detail = title.isEmpty() ? text("method") : title;
        if (text("decision") == QLatin1String("trial")) {
            // A person's trial decides nothing: said as what it was, with what the code did.
            const QJsonValue exitCode = entry.value(QStringLiteral("exit_code"));
            const QString copy = text("copy");
            detail += QStringLiteral(" — ") +
                      (copy.isEmpty() ? tr("trial of agent %1's code (request %2), no copy made")
                                            .arg(text("agent"), text("request"))
                                      : tr("trial of agent %1's code (request %2) in the throwaway copy %3")
                                            .arg(text("agent"), text("request"), copy));
            if (exitCode.isDouble())
                detail += QStringLiteral(", ") + tr("exit code %1").arg(exitCode.toInt());
        } else {
            detail += QStringLiteral(" — ") +
                      tr("%1 by agent %2 (request %3)").arg(text("decision"), text("agent"), text("request"));
        }
        if (!text("reason").isEmpty())
            detail += QStringLiteral(": ") + text("reason");
        if (cutOffSeqs.contains(seq))
            detail += QStringLiteral(" — ") +
                      tr("cut off: kosa8 Desk ended while the run was going on, its result is unknown");

        const QByteArray detailBytes = detail.toUtf8();
        const QByteArray hash = text("hash").toUtf8();
        const QByteArray prev = text("prev").toUtf8();
        const QByteArray timeText = text("time").toUtf8();
        const QByteArray actor = actorFor(decidedBy).toUtf8();
        const QByteArray action = (QStringLiteral("decision.") + text("decision")).toUtf8();
        const QByteArray sandbox = text("sandbox").toUtf8();
        const QByteArray decided = decidedBy.toUtf8();
        // Every field as JSON lines of the details pane: the ledger's line as it is on disk.
        const QByteArray extra = QJsonDocument(entry).toJson(QJsonDocument::Indented);

        AuditRowInput input;
        input.source = Source::Desk;
        input.seq = seq;
        input.line = qint32(qMin<qint64>(lineNumber, INT32_MAX));
        parseTimeMs(timeText, &input.timeMs);
        input.text[int(TextField::Detail)] = detailBytes;
        input.text[int(TextField::Hash)] = hash;
        input.text[int(TextField::PreviousHash)] = prev;
        input.text[int(TextField::TimeText)] = timeText;
        input.text[int(TextField::Extra)] = extra;
        input.names[int(NameColumn::Actor)] = actor;
        input.names[int(NameColumn::Action)] = action;
        input.names[int(NameColumn::Sandbox)] = sandbox;
        input.names[int(NameColumn::DecidedBy)] = decided;
        store->append(input);
    }
    return true;
}

} // namespace k8::history
