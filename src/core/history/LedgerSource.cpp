// SPDX-License-Identifier: Apache-2.0
#include "history/LedgerSource.h"

#include "agent/LedgerReader.h"
#include "history/TimeText.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace k8::history {

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
        detail += QStringLiteral(" — ") +
                  tr("%1 by agent %2 (request %3)").arg(text("decision"), text("agent"), text("request"));
        if (!text("reason").isEmpty())
            detail += QStringLiteral(": ") + text("reason");

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
