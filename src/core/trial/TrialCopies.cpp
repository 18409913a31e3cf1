// SPDX-License-Identifier: Apache-2.0
#include "trial/TrialCopies.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace k8::trial {

namespace {
const QString Made = QStringLiteral("made");
const QString Removed = QStringLiteral("removed");
const QString Sandbox = QStringLiteral("sandbox");
const QString Time = QStringLiteral("time");
} // namespace

TrialCopies::TrialCopies(const QString& dataDir)
    : m_path(QDir(dataDir).filePath(QStringLiteral("trial-copies.jsonl")))
{}

bool TrialCopies::appendLine(const QByteArray& line, QString* error)
{
    QFile file(m_path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        if (error)
            *error = tr("Could not write %1: %2").arg(m_path, file.errorString());
        return false;
    }
    // A file whose last write was cut off mid-line: the new line starts on a line of its own.
    QByteArray bytes = line + '\n';
    if (file.size() > 0) {
        QFile reader(m_path);
        if (reader.open(QIODevice::ReadOnly) && reader.seek(file.size() - 1) && reader.read(1) != "\n")
            bytes.prepend('\n');
    }
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        if (error)
            *error = tr("Could not write %1: %2").arg(m_path, file.errorString());
        return false;
    }
    return true;
}

bool TrialCopies::recordMade(const QString& copy, const QString& sandbox, QString* error)
{
    const QJsonObject entry{
        {Made, copy}, {Sandbox, sandbox}, {Time, QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    return appendLine(QJsonDocument(entry).toJson(QJsonDocument::Compact), error);
}

bool TrialCopies::recordRemoved(const QString& copy, QString* error)
{
    if (!appendLine(QJsonDocument(QJsonObject{{Removed, copy}}).toJson(QJsonDocument::Compact), error))
        return false;
    // Nothing left to remember: the file starts again empty (a failure here only keeps lines that
    // cancel out).
    if (leftovers().isEmpty())
        QFile(m_path).resize(0);
    return true;
}

QList<TrialCopy> TrialCopies::leftovers() const
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<TrialCopy> made;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray& line : lines) {
        const QJsonObject entry = QJsonDocument::fromJson(line).object();
        if (entry.value(Made).isString()) {
            TrialCopy copy;
            copy.copy = entry.value(Made).toString();
            copy.sandbox = entry.value(Sandbox).toString();
            copy.madeAt = QDateTime::fromString(entry.value(Time).toString(), Qt::ISODate);
            made.append(copy);
        } else if (entry.value(Removed).isString()) {
            const QString removed = entry.value(Removed).toString();
            made.removeIf([&removed](const TrialCopy& copy) { return copy.copy == removed; });
        }
    }
    return made;
}

bool TrialCopies::isLeftover(const QString& name) const
{
    const QList<TrialCopy> copies = leftovers();
    return std::any_of(copies.cbegin(), copies.cend(),
                       [&name](const TrialCopy& copy) { return copy.copy == name; });
}

} // namespace k8::trial
