// SPDX-License-Identifier: Apache-2.0
#include "support/ServiceFixture.h"

#include "support/AgentTestClient.h"

#include "agent/review/InboxModel.h"

#include <QProcess>
#include <QSignalSpy>

namespace k8::test {

ServiceFixture::ServiceFixture()
    : m_standin(qEnvironmentVariable("KOSA8_STANDIN"))
{}

bool ServiceFixture::setUpService()
{
    if (!QFile::exists(m_standin)) {
        qWarning("KOSA8_STANDIN must name the kosa8 stand-in (it is \"%s\")", qPrintable(m_standin));
        return false;
    }
    if (!setUpFolders()) {
        qWarning("no temporary folder for the test");
        return false;
    }
    m_runner = std::make_unique<kosa8::Kosa8Runner>();
    kosa8::ConnectionProfile connection;
    connection.executable = m_standin;
    m_runner->setConnection(connection);
    return true;
}

void ServiceFixture::tearDownService()
{
    m_service.reset();
    m_runner.reset();
    tearDownFolders();
}

agent::AgentSettings ServiceFixture::baseSettings() const
{
    agent::AgentSettings settings;
    settings.socketPath = socketPath();
    settings.dataDir = dataDir();
    settings.defaultSandbox = QStringLiteral("box1");
    settings.serverVersion = QStringLiteral("9.9-test");
    return settings;
}

bool ServiceFixture::startService(const agent::AgentSettings& settings)
{
    m_service = std::make_unique<agent::AgentService>(m_runner.get());
    QString error;
    const bool ok = m_service->start(settings, &error);
    if (!ok)
        qWarning("start failed: %s", qPrintable(error));
    return ok;
}

bool ServiceFixture::connectClient(AgentTestClient& client, int timeout) const
{
    QSignalSpy connected(&client, &AgentTestClient::connected);
    client.connectTo(socketPath());
    return client.isConnected() || connected.wait(timeout);
}

quint64 ServiceFixture::inboxKeyOfThread(const QString& threadId) const
{
    const agent::InboxModel* inbox = m_service->inbox();
    for (int row = 0; row < inbox->rowCount(); ++row) {
        const agent::Request* request = m_service->request(inbox->keyAt(row));
        if (request && request->origin.threadId == threadId)
            return request->key;
    }
    return 0;
}

int ServiceFixture::standin(const QStringList& arguments) const
{
    return QProcess::execute(m_standin, arguments);
}

} // namespace k8::test
