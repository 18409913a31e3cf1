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
#include <QStringList>

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

// One object per non-empty line of `bytes` (what a socket or a process wrote); a line that is not
// a JSON object reads as an empty object, so a count still sees it.
inline QList<QJsonObject> parseJsonLines(const QByteArray& bytes)
{
    QList<QJsonObject> entries;
    for (const QByteArray& line : bytes.split('\n')) {
        if (!line.trimmed().isEmpty())
            entries.append(QJsonDocument::fromJson(line).object());
    }
    return entries;
}

// One object per non-empty line of the file; a missing file reads as no lines.
inline QList<QJsonObject> readJsonLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return parseJsonLines(file.readAll());
}

// The kosa8 stand-in's records in its state folder (tests/standin/README.md): every argv it was
// called with, oldest first, and every `sandbox run` with what reached it.
inline QList<QStringList> readStandinCalls(const QString& stateDir)
{
    QList<QStringList> calls;
    for (const QJsonObject& call : readJsonLines(stateDir + QStringLiteral("/calls.jsonl"))) {
        QStringList argv;
        for (const QJsonValue& word : call.value(QStringLiteral("argv")).toArray())
            argv.append(word.toString());
        calls.append(argv);
    }
    return calls;
}

inline QList<QJsonObject> readStandinRuns(const QString& stateDir)
{
    return readJsonLines(stateDir + QStringLiteral("/runs.jsonl"));
}

} // namespace k8::test
