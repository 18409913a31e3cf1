// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QString>

namespace k8::agent {

// Which request of which source: what the source needs to deliver its answer, and nothing the
// desk reads for a decision.
struct RequestOrigin
{
    // The desk's number for the source (RequestDesk::addSource); 0: none.
    quint32 source = 0;
    // The source's own channel the request came over, where it has several (the socket's
    // connection); its pending requests end when the channel closes.
    quint64 channel = 0;
    // The request's id at its source, as the source sent it (the socket's JSON-RPC id).
    QJsonValue id;

    bool operator==(const RequestOrigin& other) const
    {
        return source == other.source && channel == other.channel && id == other.id;
    }
};

// The id as text for logs, the ledger and checkpoint labels: a string as is, a number without
// a fraction ("7"), anything else "null".
QString requestIdText(const QJsonValue& id);

} // namespace k8::agent
