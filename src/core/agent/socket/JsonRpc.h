// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/canonical/CanonicalNumbers.h"
#include "agent/request/RequestError.h"
#include "agent/request/RequestOrigin.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <memory>
#include <optional>

namespace k8::agent {

// One parsed request or notification.
struct PreparedRequest;

struct RpcMessage
{
    QJsonValue id; // string or integral number; undefined for a notification
    bool isNotification = false;
    QString method;
    QJsonValue params; // object or array; undefined when absent
    // The first number the line writes otherwise than canonical JSON would (1.0 or 1e0 for 1),
    // read from the line's own bytes, which the parsed values no longer hold; none: every number
    // is canonical. A standing rule never approves such a request (Rules.h).
    std::optional<NumberSpelling> nonCanonicalNumber;
    // A large review or run is made into its request off the UI thread (LinePreparer): then here,
    // else null and the handler makes it.
    std::shared_ptr<const PreparedRequest> prepared;
};

// Parses one line (without its '\n'; a trailing '\r' is tolerated). Returns true and fills
// *message, or false and fills *error and *errorId (the request's id when the value had a valid
// one, else null). Not UTF-8 or not JSON: -32700. Valid JSON that is not a JSON-RPC 2.0 request
// (not an object, jsonrpc != "2.0", method missing or not a string, id neither a string nor an
// integer, params present but neither object nor array): -32600. Callers skip blank lines
// themselves (protocol.md); a blank line given here is a parse error. A message that parses also
// gets the first number the line does not write in canonical form (RpcMessage::nonCanonicalNumber).
bool parseRpcLine(const QByteArray& line, RpcMessage* message, RpcError* error, QJsonValue* errorId);

// Each builds one compact line ending in '\n'. Any JSON value works as result, including bare
// strings such as "approve"; an undefined id is sent as null.
QByteArray rpcResult(const QJsonValue& id, const QJsonValue& result);
QByteArray rpcError(const QJsonValue& id, const RpcError& error);
QByteArray rpcNotification(const QString& method, const QJsonObject& params);
// The run.output notification line for one piece of output, `utf8` valid UTF-8: what
// rpcNotification() writes for {"id", "stream", "data"}, without decoding the data.
QByteArray runOutputNotification(const QJsonValue& requestId, bool isStderr, QByteArrayView utf8);

// requestIdText() of a JSON-RPC id (RequestOrigin.h).
QString rpcIdText(const QJsonValue& id);

} // namespace k8::agent
