// SPDX-License-Identifier: Apache-2.0
#pragma once

// The folders of one agent test in a fresh temporary folder: data/ (the app's data folder, where
// the ledger is), state/ (the kosa8 stand-in's records, tests/standin/README.md) and
// sock/agent.sock. For tests that start the agent service themselves (ServiceFixture.h) and for
// tests that start the real binary on them (tests/e2e).

#include "support/TestJson.h"

#include <QByteArray>
#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace k8::test {

class ServiceFolders
{
protected:
    // A new folder; the stand-in keeps its state in it (every kosa8 this process starts reads
    // KOSA8_STANDIN_STATE) and starts without faults. False when the folder cannot be made.
    bool setUpFolders()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        if (!m_dir->isValid())
            return false;
        qputenv("KOSA8_STANDIN_STATE", QFile::encodeName(stateDir()));
        qunsetenv("KOSA8_STANDIN_FAULT");
        return true;
    }
    void tearDownFolders() { m_dir.reset(); }

    QString socketPath() const { return m_dir->filePath(QStringLiteral("sock/agent.sock")); }
    QString dataDir() const { return m_dir->filePath(QStringLiteral("data")); }
    QString stateDir() const { return m_dir->filePath(QStringLiteral("state")); }
    QString ledgerPath() const { return dataDir() + QStringLiteral("/ledger.jsonl"); }
    QList<QJsonObject> ledger() const { return readJsonLines(ledgerPath()); }

    std::unique_ptr<QTemporaryDir> m_dir;
};

} // namespace k8::test
