// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonValue>
#include <QString>

namespace k8::agent {

// Why a request is refused before anyone decides it, with the error codes of protocol.md. They
// are JSON-RPC 2.0's on the socket; a source that speaks another protocol maps them to its own.
// The request room holds them because the payload shapes, the desk and every source share them.
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

// Convenience for building errors.
RpcError makeRpcError(int code, const QString& message,
                      const QJsonValue& data = QJsonValue(QJsonValue::Undefined));

} // namespace k8::agent
