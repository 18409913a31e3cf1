// SPDX-License-Identifier: Apache-2.0
#pragma once

// The app's run path without its window, as bench_run_stream and bench_resource_limits drive it:
// the kosa8 stand-in through a Kosa8Runner, the agent service on a socket in a temporary folder,
// and the inbox page shown offscreen (its run console is part of what they measure).

#include "agent/AgentService.h"
#include "inbox/InboxPage.h"
#include "kosa8/ConnectionProfile.h"
#include "kosa8/Kosa8Runner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstdio>
#include <memory>

namespace k8::bench {

// The stand-in named by --standin, else the source tree's (seen from build/bench); empty, with
// a message on stderr, when it is not there.
inline QString findStandin(const QString& given)
{
    const QString standin = given.isEmpty() ? QDir(QCoreApplication::applicationDirPath())
                                                  .filePath(QStringLiteral("../../tests/standin/kosa8"))
                                            : given;
    if (QFile::exists(standin))
        return standin;
    std::fprintf(stderr, "the stand-in was not found at %s; pass --standin\n", qPrintable(standin));
    return {};
}

class InboxRig
{
public:
    explicit InboxRig(const QString& standin)
    {
        kosa8::ConnectionProfile connection;
        connection.executable = standin;
        m_runner.setConnection(connection);
    }

    // Set its limits before start() where a bench changes them.
    kosa8::Kosa8Runner& runner() { return m_runner; }

    // The service on `folder`/sock/agent.sock with its data in `folder`/data and `box1` as the
    // default sandbox, then the inbox page; false, with the reason on stderr, when it cannot listen.
    bool start(const QString& folder)
    {
        m_service = std::make_unique<agent::AgentService>(&m_runner);
        agent::AgentSettings settings;
        settings.dataDir = QDir(folder).filePath(QStringLiteral("data"));
        settings.socketPath = QDir(folder).filePath(QStringLiteral("sock/agent.sock"));
        settings.defaultSandbox = QStringLiteral("box1");
        QString error;
        if (!m_service->start(settings, &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return false;
        }
        m_page = std::make_unique<app::InboxPage>(m_service.get());
        m_page->resize(1200, 800);
        m_page->show();
        QCoreApplication::processEvents();
        return true;
    }

    agent::AgentService& service() { return *m_service; }
    app::InboxPage& page() { return *m_page; }

private:
    // Destroyed in reverse: the page, then the service, then the runner it uses.
    kosa8::Kosa8Runner m_runner;
    std::unique_ptr<agent::AgentService> m_service;
    std::unique_ptr<app::InboxPage> m_page;
};

} // namespace k8::bench
