// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/PayloadFields.h"

#include "agent/payload/PayloadShapes.h"

#include <cmath>

namespace k8::agent {

bool invalidParams(RpcError* error, const QString& message)
{
    *error = makeRpcError(ErrorCode::InvalidParams, message);
    return false;
}

QString shortened(const QString& text)
{
    QString oneLine = text.section(u'\n', 0, 0).simplified();
    if (oneLine.size() > MaxTitleLength)
        oneLine = oneLine.left(MaxTitleLength - 1) + QChar(0x2026);
    return oneLine;
}

bool optionalString(const QJsonObject& object, const QString& key, const QString& fieldName, QString* out,
                    RpcError* error)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return true;
    if (!value.isString())
        return invalidParams(error,
                             PayloadText::tr("Invalid params: \"%1\" must be a string.").arg(fieldName));
    *out = value.toString();
    return true;
}

bool readTimeout(const QJsonObject& params, int* timeoutS, RpcError* error)
{
    const QJsonValue value = params.value(QLatin1String("timeout_s"));
    if (value.isUndefined() || value.isNull())
        return true;
    const double seconds = value.toDouble(-1);
    if (!value.isDouble() || !std::isfinite(seconds) || seconds < 1 || seconds > MaxTimeoutS)
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"timeout_s\" must be a number from 1 to %1 (seconds).")
                       .arg(MaxTimeoutS));
    *timeoutS = static_cast<int>(std::ceil(seconds));
    return true;
}

QString codeFieldIn(const QJsonObject& args)
{
    for (const QString& field : codeFieldNames()) {
        if (args.value(field).isString())
            return field;
    }
    return {};
}

void findCode(ReviewAction* action)
{
    const QString field = codeFieldIn(action->args);
    if (field.isEmpty())
        return;
    action->codeField = field;
    action->code = action->args.value(field).toString();
}

} // namespace k8::agent
