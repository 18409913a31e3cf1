// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace k8::agent {

// How a pending request left the inbox, read from the `decidedBy` of
// ReviewCoordinator::requestRemoved(): "person", "rule:NAME", "timeout", "withdrawn" (the agent
// cancelled or disconnected), "shutdown" (the app quit), "elsewhere" (decided at its source). The review view
// keeps a request that ended without the person in view and says why (src/app/inbox/RequestEndBanner.h).
enum class RequestEnd
{
    Pending,   // not ended
    Person,    // the person decided it
    Rule,      // a standing rule decided it
    TimedOut,  // nobody decided within the request's timeout: rejected automatically
    Withdrawn, // the agent cancelled the request or disconnected
    Shutdown,  // the app quit while it waited: rejected (or, for a server's, left pending there)
    Elsewhere, // decided at its source without this app (a LangGraph interrupt resumed elsewhere)
    Other      // any other text: treated as ended without the person
};

RequestEnd requestEndFrom(const QString& decidedBy);

// The rule's name from "rule:NAME"; empty for any other `decidedBy`.
QString ruleNameFrom(const QString& decidedBy);

} // namespace k8::agent
