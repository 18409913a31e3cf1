// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/canonical/CanonicalNumbers.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <memory>
#include <optional>

namespace k8::agent {

// JSON-RPC 2.0 error codes of protocol.md.
namespace ErrorCode {
constexpr int ParseError = -32700;
constexpr int InvalidRequest = -32600;
constexpr int MethodNotFound = -32601;
constexpr int InvalidParams = -32602;
constexpr int Busy = -32000;
constexpr int Kosa8Failed = -32010;
constexpr int NoSandbox = -32011;
} // namespace ErrorCode

struct RpcError
{
    int code = 0;
    QString message;
    QJsonValue data = QJsonValue(QJsonValue::Undefined); // undefined: no "data" member
};

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

// Convenience for building errors.
RpcError makeRpcError(int code, const QString& message,
                      const QJsonValue& data = QJsonValue(QJsonValue::Undefined));

// The id as text for logs, the ledger and checkpoint labels: a string as is, a number without
// a fraction ("7"), anything else "null".
QString rpcIdText(const QJsonValue& id);

} // namespace k8::agent
