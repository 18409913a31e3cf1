// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QString>

class QUrl;

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
    // Where the request waits at a server that holds it durably (a LangGraph server's interrupt),
    // for the ledger's `server`, `thread_id` and `interrupt_id` and the review's source line;
    // empty for a request whose agent waits on a channel (the socket).
    QString server;     // the server's URL
    QString serverName; // what the app calls the server
    QString threadId;
    QString interruptId;
    QString assistantId;

    // The same request of the same source (its place at a server is part of its id there).
    bool operator==(const RequestOrigin& other) const
    {
        return source == other.source && channel == other.channel && id == other.id;
    }
};

// The id as text for logs, the ledger and checkpoint labels: a string as is, a number without
// a fraction ("7"), anything else "null".
QString requestIdText(const QJsonValue& id);

// What keeps a URL from naming a LangGraph server: the one check behind Settings, --langgraph, a
// server's configuration and serverUrlKey(). The client sends none of a query, a fragment or a
// user name, so a URL holding them would not mean what it says (and user info would be written
// into every ledger entry of the server).
enum class ServerUrlFault
{
    None,
    NotHttpWithHost, // not valid, no host, or neither http nor https
    QueryOrFragment,
    UserInfo,
};
ServerUrlFault serverUrlFault(const QUrl& url);

// A server's URL (RequestOrigin::server, a rule's "server") in the one spelling that compares:
// scheme and host in lower case, no default port, no trailing '/' on the path. A LangGraph
// server's API paths hang below its URL without that '/' (LangGraphServerConfig::endpoint()), so
// http://127.0.0.1:2024/ and http://127.0.0.1:2024 are the same server. Empty for text that is
// not a server's URL (serverUrlFault()).
QString serverUrlKey(const QString& url);

} // namespace k8::agent
