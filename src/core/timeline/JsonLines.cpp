// SPDX-License-Identifier: Apache-2.0
#include "timeline/JsonLines.h"

#include "files/OwnerOnly.h"

#include <QFile>
#include <QJsonDocument>

namespace k8::timeline {

bool JsonLines::append(const QString& path, const QJsonObject& record, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append, files::OwnerOnly::FilePermissions) ||
        !files::OwnerOnly::restrictFile(file)) {
        if (error)
            *error = tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray line = QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
    if (file.write(line) != line.size() || !file.flush()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QList<QJsonObject> JsonLines::read(const QString& path, int* unreadable)
{
    QList<QJsonObject> objects;
    int bad = 0;
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (const QByteArray& line : lines) {
            if (line.trimmed().isEmpty())
                continue;
            const QJsonDocument doc = QJsonDocument::fromJson(line);
            if (doc.isObject())
                objects.append(doc.object());
            else
                ++bad;
        }
    }
    if (unreadable)
        *unreadable = bad;
    return objects;
}

QDateTime JsonLines::time(const QJsonValue& value)
{
    QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(value.toString(), Qt::ISODate);
    return time;
}

} // namespace k8::timeline
