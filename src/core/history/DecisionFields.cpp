// SPDX-License-Identifier: Apache-2.0
#include "history/DecisionFields.h"

#include "agent/request/Request.h"
#include "agent/request/RequestEnd.h"
#include "agent/review/InboxModel.h"

#include <QJsonDocument>
#include <QRegularExpression>

namespace k8::history {

namespace {

QString field(const QJsonObject& entry, const char* key)
{
    return entry.value(QLatin1String(key)).toString();
}

} // namespace

QJsonObject DecisionFields::entry(const AuditStore& store, qsizetype row)
{
    if (row < 0 || row >= store.rowCount() || store.row(row).source != Source::Desk)
        return {};
    const QByteArrayView line = store.text(row, TextField::Extra);
    return QJsonDocument::fromJson(QByteArray::fromRawData(line.data(), line.size())).object();
}

QString DecisionFields::describeDecidedBy(const QString& decidedBy)
{
    switch (agent::requestEndFrom(decidedBy)) {
    case agent::RequestEnd::Person:
        return tr("you");
    case agent::RequestEnd::Rule:
        return tr("rule \"%1\"").arg(agent::ruleNameFrom(decidedBy));
    case agent::RequestEnd::TimedOut:
        return tr("timed out");
    case agent::RequestEnd::Withdrawn:
        return tr("withdrawn by the agent");
    case agent::RequestEnd::Shutdown:
        return tr("app shut down");
    case agent::RequestEnd::Elsewhere:
        return tr("outside kosa8 Desk");
    case agent::RequestEnd::Pending:
    case agent::RequestEnd::Other:
        break;
    }
    return decidedBy;
}

QString DecisionFields::describeWhere(const QJsonObject& entry)
{
    const QString server = field(entry, "server");
    if (!server.isEmpty()) // an interrupt a server held
        return tr("thread %1 on %2, interrupt %3")
            .arg(field(entry, "thread_id"), server, field(entry, "interrupt_id"));
    const QString sandbox = field(entry, "sandbox");
    if (sandbox.isEmpty())
        return {}; // a review, or a run recorded before the ledger said where
    const QString copy = field(entry, "copy");
    if (!copy.isEmpty()) // a trial: the code ran in a throwaway copy, not in the sandbox itself
        return tr("%1 in %2, a throwaway copy of %3 (%4)")
            .arg(field(entry, "language"), copy, sandbox, field(entry, "image"));
    const QString checkpoint = field(entry, "checkpoint");
    return tr("%1 in %2 (%3), %4")
        .arg(field(entry, "language"), sandbox, field(entry, "image"),
             checkpoint.isEmpty() ? tr("no checkpoint") : tr("checkpoint %1").arg(checkpoint));
}

QString DecisionFields::describeOrigin(const QJsonObject& entry)
{
    const QString source = field(entry, "source");
    if (source == QLatin1String("socket"))
        return tr("an agent on this machine's socket");
    if (source == QLatin1String("langgraph"))
        return tr("LangGraph server %1").arg(field(entry, "server"));
    return source; // an entry from before the field, or a source this app does not know
}

QUrl DecisionFields::threadUrl(const QJsonObject& entry)
{
    const QUrl server(field(entry, "server"), QUrl::StrictMode);
    const QString scheme = server.scheme();
    const QString threadId = field(entry, "thread_id");
    // The ids LangGraph makes (UUIDs): nothing that could change the path.
    static const QRegularExpression usableId(QStringLiteral("^[A-Za-z0-9_-]{1,128}$"));
    if (!server.isValid() || server.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || server.hasQuery() ||
        server.hasFragment() || !usableId.match(threadId).hasMatch())
        return {};
    QUrl url = server;
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path + QStringLiteral("/threads/") + threadId);
    return url;
}

int DecisionFields::rowOfRequest(const AuditStore& store, const QList<qint32>& rows, const QString& requestId,
                                 const QString& agent, const QString& payloadSha256)
{
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (store.row(rows[i]).source != Source::Desk)
            continue;
        const QJsonObject e = entry(store, rows[i]);
        if (e.value(QLatin1String("request")).toVariant().toString() == requestId &&
            field(e, "agent") == agent && field(e, "payload_sha256") == payloadSha256)
            return int(i);
    }
    return -1;
}

bool DecisionFields::isTimelineRun(const QJsonObject& entry)
{
    // The ledger's strings read once into their enums (a review, or several actions, is no run).
    const std::optional<agent::DecisionKind> decision = agent::decisionKindFrom(field(entry, "decision"));
    return agent::methodFrom(field(entry, "method")) == agent::Method::Run && decision &&
           agent::goesAhead(*decision) && !field(entry, "sandbox").isEmpty();
}

QString DecisionFields::cellText(const QJsonObject& entry, AuditColumn column)
{
    switch (column) {
    case AuditColumn::Agent:
        return field(entry, "agent");
    case AuditColumn::Title:
        return field(entry, "title");
    case AuditColumn::Method: {
        // The pending list's words, not the protocol's method names; a method this app does not
        // know (a newer ledger, an edited file) is shown as it is.
        const std::optional<agent::Method> method = agent::methodFrom(field(entry, "method"));
        return method ? agent::InboxModel::methodText(*method) : field(entry, "method");
    }
    case AuditColumn::Decision:
        return field(entry, "decision");
    case AuditColumn::DecidedByText:
        return entry.isEmpty() ? QString() : describeDecidedBy(field(entry, "decided_by"));
    case AuditColumn::Where:
        return describeWhere(entry);
    case AuditColumn::Reason:
        // One line in the table (the agent's reason may span several); the tooltip has it all.
        return field(entry, "reason").simplified();
    default:
        return {};
    }
}

QString DecisionFields::cellText(const AuditStore& store, qsizetype row, AuditColumn column)
{
    return cellText(entry(store, row), column);
}

QString DecisionFields::toolTip(const AuditStore& store, qsizetype row, AuditColumn column)
{
    if (column != AuditColumn::Reason && column != AuditColumn::Method && column != AuditColumn::Title)
        return {};
    const QJsonObject e = entry(store, row);
    if (e.isEmpty())
        return {};
    switch (column) {
    case AuditColumn::Reason:
        return field(e, "reason");
    case AuditColumn::Method: {
        const std::optional<agent::Method> method = agent::methodFrom(field(e, "method"));
        return method ? agent::InboxModel::methodDescription(*method) : QString();
    }
    case AuditColumn::Title:
        return tr("Request %1, payload SHA-256 %2")
            .arg(e.value(QLatin1String("request")).toVariant().toString(), field(e, "payload_sha256"));
    default:
        return {};
    }
}

} // namespace k8::history
