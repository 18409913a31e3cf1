// SPDX-License-Identifier: Apache-2.0
#pragma once

// The agent service in the test process on a real local socket in a fresh folder, with the kosa8
// stand-in as kosa8. A test class derives from it, calls setUpService() in init() and
// tearDownService() in cleanup(), starts the service with the settings it needs and connects
// AgentTestClients to it.

#include "agent/AgentService.h"
#include "kosa8/Kosa8Runner.h"
#include "support/ServiceFolders.h"
#include "support/Waits.h"

#include <QStringList>

#include <memory>

namespace k8::test {

class AgentTestClient;

class ServiceFixture : public ServiceFolders
{
protected:
    // The path of the stand-in (KOSA8_STANDIN, set by k8_qtest); empty outside ctest.
    ServiceFixture();

    // New folders and a runner that calls the stand-in; no service yet. False (with a warning)
    // when the stand-in is missing or the folder cannot be made.
    bool setUpService();
    // The service before the runner it uses, the folder last.
    void tearDownService();

    // On the fixture's socket and data folder, with sandbox "box1" for runs and a fixed version.
    agent::AgentSettings baseSettings() const;
    // A new AgentService on the runner, started with `settings`; false (with a warning naming the
    // reason) when it does not listen.
    bool startService(const agent::AgentSettings& settings);
    // Connects `client` to the fixture's socket; false when it did not connect within `timeout`.
    bool connectClient(AgentTestClient& client, int timeout = waits::Service) const;
    // Runs the stand-in to prepare its state (sandboxes, checkpoints); returns its exit code.
    int standin(const QStringList& arguments) const;
    // The key of the request waiting in the service's inbox whose origin is that thread (a
    // LangGraph server's interrupt); 0 when none.
    quint64 inboxKeyOfThread(const QString& threadId) const;

    std::unique_ptr<kosa8::Kosa8Runner> m_runner;
    std::unique_ptr<agent::AgentService> m_service;
    QString m_standin;
};

} // namespace k8::test
