// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace k8::agent {

// A decision the person did not make, as the inbox tells of it (issue 8, "automatic decisions
// visible"): a standing rule, a timeout, the agent withdrawing the request (cancel or
// disconnect) or the app quitting. AgentService makes one for every such decision, whether the
// request ever reached the inbox or not; the app shows it as plain text (headline()).
struct DecisionNotice
{
    enum class Cause
    {
        Rule,
        Timeout,
        Withdrawn,
        Shutdown,
        Elsewhere // decided at its source without this app (a LangGraph interrupt resumed elsewhere)
    };

    Cause cause = Cause::Rule;
    QString ruleName;                             // Cause::Rule: the rule that decided
    DecisionKind decision = DecisionKind::Reject; // Approve (a rule's) or Reject
    QString agent;                                // who asked (agent-chosen text)
    QString title;                                // the request's title (agent-chosen, may be huge)
    Method method = Method::Review;
    QString sandbox;           // run: where it runs (or would have); empty otherwise
    QString requestId;         // the ledger's "request" (the JSON-RPC id as text)
    QString payloadSha256;     // the ledger's "payload_sha256", with requestId and agent finds the entry
    int timeoutS = 0;          // Cause::Timeout: the request's timeout_s
    bool reachedInbox = false; // false: decided by a rule on arrival, never shown to the person
    QDateTime decidedAt;

    // The notice for the ledger's decided_by ("rule:NAME", "timeout", "withdrawn", "shutdown",
    // "elsewhere");
    // false for "person" and anything else.
    static bool causeFromDecidedBy(const QString& decidedBy, Cause* cause, QString* ruleName);

    // One line for people, e.g. "Approved by rule pandas-summary: run in code-runner",
    // "Rejected: timed out after 60 s", "Withdrawn by research-bot", "Rejected: kosa8 Desk quit".
    QString headline() const;
};

// Whether a person's reject reason can reach the agent in the request's payload shape
// (protocol.md): HITL "reject" has a "message" and a run's rejection has "message"; an Agent Inbox
// "ignore" and the plain "reject" string have no place for one.
bool canCarryRejectReason(PayloadShape shape);

// What the person sent, confirmed briefly: "Sent to research-bot: approve, edit" (one word per
// action, agent::decisionName()).
QString sentConfirmation(const QString& agent, const PersonDecision& decision);

} // namespace k8::agent

Q_DECLARE_METATYPE(k8::agent::DecisionNotice)
