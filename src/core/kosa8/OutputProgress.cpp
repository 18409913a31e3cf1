// SPDX-License-Identifier: Apache-2.0
#include "kosa8/OutputProgress.h"

#include <QRegularExpression>

namespace k8::kosa8 {

int percentInLine(const QString& line)
{
    static const QRegularExpression percent(QStringLiteral("(\\d{1,3}(?:\\.\\d+)?)\\s*%"));
    // The last percentage on the line is the current one ("layer 2/3 40% total 75%").
    QRegularExpressionMatchIterator it = percent.globalMatch(line);
    int result = -1;
    while (it.hasNext()) {
        bool ok = false;
        const double value = it.next().captured(1).toDouble(&ok);
        if (ok && value >= 0.0 && value <= 100.0)
            result = int(value);
    }
    return result;
}

} // namespace k8::kosa8
