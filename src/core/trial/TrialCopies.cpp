// SPDX-License-Identifier: Apache-2.0
#include "trial/TrialCopies.h"

#include "files/OwnerOnly.h"

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
{
    read();
}

bool TrialCopies::appendLine(const QByteArray& line, QString* error)
{
    QFile file(m_path);
    // Made owner-only before anything is in it, like every file in the data folder.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append) || !files::OwnerOnly::restrictFile(file)) {
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
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QJsonObject entry{{Made, copy}, {Sandbox, sandbox}, {Time, now.toString(Qt::ISODate)}};
    if (!appendLine(QJsonDocument(entry).toJson(QJsonDocument::Compact), error))
        return false;
    m_leftovers.append({copy, sandbox, now});
    return true;
}

bool TrialCopies::recordRemoved(const QString& copy, QString* error)
{
    if (!appendLine(QJsonDocument(QJsonObject{{Removed, copy}}).toJson(QJsonDocument::Compact), error))
        return false;
    m_leftovers.removeIf([&copy](const TrialCopy& made) { return made.copy == copy; });
    // Nothing left to remember: the file starts again empty (a failure here only keeps lines that
    // cancel out).
    if (m_leftovers.isEmpty())
        QFile(m_path).resize(0);
    return true;
}

void TrialCopies::read()
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return;
    QList<TrialCopy>& made = m_leftovers;
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
}

bool TrialCopies::isLeftover(const QString& name) const
{
    return std::any_of(m_leftovers.cbegin(), m_leftovers.cend(),
                       [&name](const TrialCopy& copy) { return copy.copy == name; });
}

} // namespace k8::trial
