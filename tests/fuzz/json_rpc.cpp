// SPDX-License-Identifier: Apache-2.0
// parseRpcLine (protocol.md): one agent line. Invariants: a parsed request has a method, an id
// that is a string or an integral number (undefined only for a notification) and params that are
// an object, an array or absent; a refusal is -32700 or -32600 with a message and an id that is
// null, a string or a number; every answer built from what was parsed is exactly one line of
// JSON that parses back with the same id; a number named as not canonical is in the line and is
// not its own canonical form.
#include "FuzzSupport.h"

#include "agent/socket/JsonRpc.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace {

bool isValidId(const QJsonValue& id)
{
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    const double number = id.toDouble();
    return std::isfinite(number) && std::floor(number) == number;
}

void checkOneLine(const QByteArray& line, const QJsonValue& id)
{
    FUZZ_ASSERT(line.endsWith('\n'), "an answer without its newline");
    FUZZ_ASSERT(line.count('\n') == 1, "an answer spanning several lines");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    FUZZ_ASSERT(error.error == QJsonParseError::NoError && doc.isObject(), "an answer that is not JSON");
    const QJsonValue sentId = doc.object().value(QLatin1String("id"));
    FUZZ_ASSERT(sentId == (id.isUndefined() ? QJsonValue(QJsonValue::Null) : id),
                "an answer with another id");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray line = k8fuzz::bytes(data, size);
    k8::agent::RpcMessage message;
    k8::agent::RpcError error;
    QJsonValue errorId;
    if (k8::agent::parseRpcLine(line, &message, &error, &errorId)) {
        FUZZ_ASSERT(message.isNotification == message.id.isUndefined(), "notification flag and id disagree");
        FUZZ_ASSERT(message.isNotification || isValidId(message.id), "a request id of the wrong type");
        FUZZ_ASSERT(message.params.isUndefined() || message.params.isObject() || message.params.isArray(),
                    "params of the wrong type");
        checkOneLine(k8::agent::rpcResult(message.id, QJsonValue(message.method)), message.id);
        checkOneLine(
            k8::agent::rpcError(message.id, k8::agent::makeRpcError(-32601, message.method, message.params)),
            message.id);
        // A number named as not canonical is a number of the line that is not what its canonical
        // form says (CanonicalNumbers.h); one the line does not hold would be found from nothing.
        if (const auto& number = message.nonCanonicalNumber) {
            FUZZ_ASSERT(!number->written.isEmpty() && number->written != number->canonical,
                        "a canonical number named as not canonical");
            FUZZ_ASSERT(number->offset >= 0 &&
                            line.mid(number->offset, number->written.size()) == number->written,
                        "a number that is not in the line where it is said to be");
        }
        const QString idText = k8::agent::rpcIdText(message.id);
        FUZZ_ASSERT(message.id.isString() ? idText == message.id.toString() : !idText.isEmpty(),
                    "an id whose text is not the id");
    } else {
        FUZZ_ASSERT(error.code == k8::agent::ErrorCode::ParseError ||
                        error.code == k8::agent::ErrorCode::InvalidRequest,
                    "an unexpected error code");
        FUZZ_ASSERT(!error.message.isEmpty(), "an error without a message");
        FUZZ_ASSERT(errorId.isNull() || isValidId(errorId), "an error id of the wrong type");
        checkOneLine(k8::agent::rpcError(errorId, error), errorId);
    }
    return 0;
}
