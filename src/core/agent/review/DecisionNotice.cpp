// SPDX-License-Identifier: Apache-2.0
#include "agent/review/DecisionNotice.h"

#include "agent/request/RequestEnd.h"

#include <QCoreApplication>
#include <QStringList>

namespace k8::agent {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::DecisionNotice)
};
} // namespace

bool DecisionNotice::causeFromDecidedBy(const QString& decidedBy, Cause* cause, QString* ruleName)
{
    *ruleName = ruleNameFrom(decidedBy);
    switch (requestEndFrom(decidedBy)) {
    case RequestEnd::Rule:
        *cause = Cause::Rule;
        return true;
    case RequestEnd::TimedOut:
        *cause = Cause::Timeout;
        return true;
    case RequestEnd::Withdrawn:
        *cause = Cause::Withdrawn;
        return true;
    case RequestEnd::Shutdown:
        *cause = Cause::Shutdown;
        return true;
    case RequestEnd::Elsewhere:
        *cause = Cause::Elsewhere;
        return true;
    case RequestEnd::Pending:
    case RequestEnd::Person:
    case RequestEnd::Other:
        return false;
    }
    return false;
}

QString DecisionNotice::headline() const
{
    switch (cause) {
    case Cause::Rule: {
        const bool approved = goesAhead(decision);
        // What the rule let through: for a run where it runs, else the request itself.
        QString what;
        if (method == Method::Run)
            what = sandbox.isEmpty() ? Text::tr("run") : Text::tr("run in %1").arg(sandbox);
        else
            what = Text::tr("review");
        return approved ? Text::tr("Approved by rule %1: %2").arg(ruleName, what)
                        : Text::tr("Rejected by rule %1: %2").arg(ruleName, what);
    }
    case Cause::Timeout:
        return timeoutS > 0 ? Text::tr("Rejected: timed out after %1 s").arg(timeoutS)
                            : Text::tr("Rejected: timed out");
    case Cause::Withdrawn:
        return Text::tr("Withdrawn by %1").arg(agent);
    case Cause::Shutdown:
        return Text::tr("Rejected: kosa8 Desk quit before a decision");
    case Cause::Elsewhere:
        return Text::tr("Decided outside kosa8 Desk: %1").arg(agent);
    }
    return {};
}

bool canCarryRejectReason(PayloadShape shape)
{
    switch (shape) {
    case PayloadShape::HumanInTheLoop: // {"type": "reject", "message": ...}
    case PayloadShape::ToolApproval:   // {"type": "reject", "message": ...}
    case PayloadShape::Run:            // {"decision": "reject", "message": ...}
        return true;
    case PayloadShape::AgentInbox: // {"type": "ignore", "args": null}
    case PayloadShape::Generic:    // the string "reject"
        return false;
    }
    return false;
}

QString sentConfirmation(const QString& agent, const PersonDecision& decision)
{
    QStringList kinds;
    for (const ActionDecision& action : decision.actions)
        kinds.append(decisionName(action.kind));
    return Text::tr("Sent to %1: %2").arg(agent, kinds.join(QStringLiteral(", ")));
}

} // namespace k8::agent
