// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the app's widget tests: a private kosa8 stand-in state folder and data folder per
// test, the stand-in's call record, and fault injection (tests/standin/README.md).

#include "plumbing/AppOptions.h"
#include "support/TestJson.h"
#include "support/Waits.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <initializer_list>

namespace k8::test {

// A command line written as words in a test: argv({"sandbox", "ls"}).
inline QStringList argv(std::initializer_list<const char*> words)
{
    QStringList list;
    for (const char* word : words)
        list << QString::fromUtf8(word);
    return list;
}

class StandinEnvironment
{
public:
    StandinEnvironment()
    {
        QDir(m_root.path()).mkpath(QStringLiteral("state"));
        QDir(m_root.path()).mkpath(QStringLiteral("data"));
        // The runner passes the app's environment on to kosa8, so the stand-in finds its state.
        qputenv("KOSA8_STANDIN_STATE", statePath().toLocal8Bit());
        qunsetenv("KOSA8_STANDIN_FAULT");
        // Tokens go to a fake keychain in memory (AppContext), never to the person's own.
        qputenv("KOSA8_DESK_SECRET_STORE", "test-memory");
    }

    static QString standin() { return qEnvironmentVariable("KOSA8_STANDIN"); }
    QString root() const { return m_root.path(); }
    QString statePath() const { return m_root.filePath(QStringLiteral("state")); }
    QString dataPath() const { return m_root.filePath(QStringLiteral("data")); }

    app::AppOptions options(const QString& kosa8 = standin()) const
    {
        app::AppOptions options;
        options.kosa8Path = kosa8;
        options.dataDir = dataPath();
        return options;
    }

    // Every argv the stand-in was called with, in order.
    QList<QStringList> calls() const { return readStandinCalls(statePath()); }

    bool wasCalledWith(const QStringList& argv) const { return calls().contains(argv); }

    // {"sandbox ls": {"mode": "exit", "code": 3, "message": "..."}}
    void setFaults(const QJsonObject& faults) const
    {
        QFile file(QDir(statePath()).filePath(QStringLiteral("faults.json")));
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(QJsonDocument(faults).toJson());
    }

    void clearFaults() const { QFile::remove(QDir(statePath()).filePath(QStringLiteral("faults.json"))); }

    // Prepares state directly through the stand-in (test set-up only; blocking is fine here).
    int runStandin(const QStringList& arguments) const
    {
        QProcess process;
        process.start(standin(), arguments);
        if (!process.waitForFinished(waits::Standin))
            return -1;
        return process.exitCode();
    }

private:
    QTemporaryDir m_root;
};

} // namespace k8::test
