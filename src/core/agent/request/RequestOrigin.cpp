// SPDX-License-Identifier: Apache-2.0
#include "agent/request/RequestOrigin.h"

#include <QLocale>

#include <cmath>

namespace k8::agent {

QString requestIdText(const QJsonValue& id)
{
    if (id.isString())
        return id.toString();
    if (id.isDouble()) {
        const double value = id.toDouble();
        // Integers up to 2^53 are exact in a double; JSON-RPC ids are such integers or strings.
        if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) <= 9007199254740992.0)
            return QString::number(static_cast<qint64>(value));
        return QString::number(value, 'g', QLocale::FloatingPointShortest);
    }
    return QStringLiteral("null");
}

} // namespace k8::agent
