// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditFilter.h"
#include "history/AuditStore.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

namespace k8::history {

// The fields of a desk entry that the inbox's History tab shows (agent, title, method, decision,
// who decided, where a run ran, the reason sent), read on demand from the ledger line the store
// keeps as the entry's extra text (LedgerSource), so the store stays compact. kosa8 rows have none.
class DecisionFields
{
    Q_DECLARE_TR_FUNCTIONS(k8::history::DecisionFields)
public:
    // The ledger entry behind a desk row; empty for kosa8 rows (and for a line cut to
    // AuditStore::MaxFieldBytes, whose JSON no longer parses).
    static QJsonObject entry(const AuditStore& store, qsizetype row);
    // The display text of one of the desk columns (AuditColumn::Agent ... AuditColumn::Reason).
    static QString cellText(const AuditStore& store, qsizetype row, AuditColumn column);
    static QString cellText(const QJsonObject& entry, AuditColumn column);
    // The tooltip of a desk column: the whole reason, the method's description, the request.
    static QString toolTip(const AuditStore& store, qsizetype row, AuditColumn column);

    // "person" -> "you", "rule:NAME" -> "rule \"NAME\"", ... for people.
    static QString describeDecidedBy(const QString& decidedBy);
    // "python in box1 (python:3.12-slim), checkpoint LABEL" from a run's entry; empty for others.
    static QString describeWhere(const QJsonObject& entry);
    // Where the request came from, for people: "an agent on this machine's socket", "LangGraph
    // server URL"; empty for an entry written before the ledger named its source.
    static QString describeOrigin(const QJsonObject& entry);
    // The thread of a server's interrupt on its server (SERVER/threads/THREAD_ID, the server's own
    // record of it); empty for other entries, and for a server or thread id the ledger file
    // holds in a shape this app never writes (the file may have been edited).
    static QUrl threadUrl(const QJsonObject& entry);
    // The first of `rows` (store rows, in display order: newest first) recording request
    // `requestId` from `agent` with this payload hash (what a decision notice knows of its
    // entry); -1 when none.
    static int rowOfRequest(const AuditStore& store, const QList<qint32>& rows, const QString& requestId,
                            const QString& agent, const QString& payloadSha256);
    // An approved run with a sandbox: one that has a place on the checkpoint timeline.
    static bool isTimelineRun(const QJsonObject& entry);
};

} // namespace k8::history
