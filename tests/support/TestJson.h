// SPDX-License-Identifier: Apache-2.0
#pragma once

// JSON helpers the tests share: a value written inline in a test, and the JSON-lines files the
// app writes (the decision ledger, the stand-in's command log).

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace k8::test {

// The JSON value in `text`; scalars too (the text is parsed inside an array). Bad JSON in a
// test is the test's own bug: it stops the test run with the text.
inline QJsonValue json(const char* text)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + text + "]");
    if (!doc.isArray())
        qFatal("bad test JSON: %s", text);
    return doc.array().at(0);
}

// One object per non-empty line; a missing file reads as no lines.
inline QList<QJsonObject> readJsonLines(const QString& path)
{
    QList<QJsonObject> entries;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return entries;
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            entries.append(QJsonDocument::fromJson(line).object());
    }
    return entries;
}

} // namespace k8::test
