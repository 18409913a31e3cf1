// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/JsonRpc.h"

#include "agent/canonical/CanonicalJson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringDecoder>

#include <cmath>

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::JsonRpc)
};

// Ids must be strings or integers: JSON-RPC 2.0 says numbers should have no fraction, and an
// integer is the only number that survives every client's JSON round trip unchanged.
constexpr double MaxExactInteger = 9007199254740992.0; // 2^53

bool isIntegral(double value)
{
    return std::isfinite(value) && std::floor(value) == value && std::fabs(value) <= MaxExactInteger;
}

// A string id must be valid Unicode: a lone surrogate (sent as a \uD800 escape) has no UTF-8
// form, so the answer could not carry the same id back (found by tests/fuzz/json_rpc.cpp).
bool isValidId(const QJsonValue& id)
{
    if (id.isString())
        return QStringView(id.toString()).isValidUtf16();
    return id.isDouble() && isIntegral(id.toDouble());
}

bool isValidUtf8(const QByteArray& bytes)
{
    // Nearly every request is plain ASCII, which is valid UTF-8 as it is.
    bool ascii = true;
    for (const char byte : bytes)
        ascii = ascii && static_cast<unsigned char>(byte) < 0x80;
    if (ascii)
        return true;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringConverter::Flag::Stateless);
    const QString decoded = decoder(bytes);
    Q_UNUSED(decoded)
    return !decoder.hasError();
}

// QJsonDocument only takes an object or an array at the top, so a bare scalar such as `7` is
// checked by wrapping it: valid JSON alone is exactly a one-element array when wrapped.
bool parseAnyJson(const QByteArray& bytes, QJsonValue* value, QString* reason)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error == QJsonParseError::NoError) {
        *value = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
        return true;
    }
    QJsonParseError wrappedError;
    const QJsonDocument wrapped = QJsonDocument::fromJson("[" + bytes + "\n]", &wrappedError);
    if (wrappedError.error == QJsonParseError::NoError && wrapped.isArray() && wrapped.array().size() == 1) {
        *value = wrapped.array().at(0);
        return true;
    }
    *reason = Text::tr("%1 at offset %2").arg(parseError.errorString()).arg(parseError.offset);
    return false;
}

// Answers are written straight in the canonical form (compact, keys sorted, as QJsonDocument
// would sort them): building a QJsonObject and serialising it cost more than the answer's work.
void appendId(const QJsonValue& id, QByteArray* out)
{
    appendCanonicalJson(id.isUndefined() ? QJsonValue(QJsonValue::Null) : id, out);
}

bool invalid(RpcError* error, const QString& message)
{
    *error = makeRpcError(ErrorCode::InvalidRequest, message);
    return false;
}

} // namespace

QString rpcIdText(const QJsonValue& id)
{
    return requestIdText(id);
}

bool parseRpcLine(const QByteArray& rawLine, RpcMessage* message, RpcError* error, QJsonValue* errorId)
{
    *errorId = QJsonValue(QJsonValue::Null);
    QByteArray bytes = rawLine;
    if (bytes.endsWith('\r'))
        bytes.chop(1);

    if (!isValidUtf8(bytes)) {
        *error = makeRpcError(ErrorCode::ParseError, Text::tr("Parse error: the line is not valid UTF-8."));
        return false;
    }
    QJsonValue value;
    QString reason;
    if (!parseAnyJson(bytes, &value, &reason)) {
        *error = makeRpcError(ErrorCode::ParseError,
                              Text::tr("Parse error: the line is not JSON (%1).").arg(reason));
        return false;
    }
    if (!value.isObject())
        return invalid(error, Text::tr("Invalid request: a JSON-RPC 2.0 request must be a JSON object."));

    const QJsonObject object = value.toObject();
    const bool hasId = object.contains(QLatin1String("id"));
    QJsonValue id = object.value(QLatin1String("id"));
    // A string read out of a parsed object refers to the whole parsed message (Qt keeps the
    // message and reads the string from it when asked): an id kept with the request, its answer
    // or the review would keep megabytes of payload alive after the request has ended. A copy.
    if (id.isString())
        id = QJsonValue(id.toString());
    if (hasId && isValidId(id))
        *errorId = id;

    if (object.value(QLatin1String("jsonrpc")) != QJsonValue(QStringLiteral("2.0")))
        return invalid(error, Text::tr("Invalid request: \"jsonrpc\" must be the string \"2.0\"."));
    if (hasId && !isValidId(id))
        return invalid(error, Text::tr("Invalid request: \"id\" must be a string or an integer."));
    const QJsonValue method = object.value(QLatin1String("method"));
    if (!method.isString())
        return invalid(error, Text::tr("Invalid request: \"method\" must be a string."));
    const bool hasParams = object.contains(QLatin1String("params"));
    const QJsonValue params = object.value(QLatin1String("params"));
    if (hasParams && !params.isObject() && !params.isArray())
        return invalid(error, Text::tr("Invalid request: \"params\" must be an object or an array."));

    message->id = hasId ? id : QJsonValue(QJsonValue::Undefined);
    message->isNotification = !hasId;
    message->method = method.toString();
    message->params = hasParams ? params : QJsonValue(QJsonValue::Undefined);
    message->nonCanonicalNumber = CanonicalNumbers::firstNonCanonical(bytes);
    return true;
}

QByteArray rpcResult(const QJsonValue& id, const QJsonValue& result)
{
    QByteArray out;
    out.reserve(128);
    out.append("{\"id\":");
    appendId(id, &out);
    out.append(",\"jsonrpc\":\"2.0\",\"result\":");
    appendCanonicalJson(result.isUndefined() ? QJsonValue(QJsonValue::Null) : result, &out);
    out.append("}\n");
    return out;
}

QByteArray rpcError(const QJsonValue& id, const RpcError& error)
{
    QByteArray out;
    out.reserve(128);
    out.append("{\"error\":{\"code\":");
    out.append(QByteArray::number(error.code));
    if (!error.data.isUndefined()) {
        out.append(",\"data\":");
        appendCanonicalJson(error.data, &out);
    }
    out.append(",\"message\":");
    appendCanonicalJsonString(error.message, &out);
    out.append("},\"id\":");
    appendId(id, &out);
    out.append(",\"jsonrpc\":\"2.0\"}\n");
    return out;
}

QByteArray rpcNotification(const QString& method, const QJsonObject& params)
{
    QByteArray out;
    out.reserve(128);
    out.append("{\"jsonrpc\":\"2.0\",\"method\":");
    appendCanonicalJsonString(method, &out);
    out.append(",\"params\":");
    appendCanonicalJson(params, &out);
    out.append("}\n");
    return out;
}

QByteArray runOutputNotification(const QJsonValue& requestId, bool isStderr, QByteArrayView utf8)
{
    // rpcNotification("run.output", {id, stream, data}) written straight: the same canonical line
    // (keys in order data, id, stream), byte for byte (tst_outputpieces).
    QByteArray line;
    line.reserve(utf8.size() + utf8.size() / 8 + 128);
    line.append("{\"jsonrpc\":\"2.0\",\"method\":\"run.output\",\"params\":{\"data\":");
    appendCanonicalJsonUtf8(utf8, &line);
    line.append(",\"id\":");
    appendCanonicalJson(requestId, &line);
    line.append(isStderr ? ",\"stream\":\"stderr\"}}\n" : ",\"stream\":\"stdout\"}}\n");
    return line;
}

} // namespace k8::agent
