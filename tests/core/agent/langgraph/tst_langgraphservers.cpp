// SPDX-License-Identifier: Apache-2.0
// The LangGraph servers a person saves in Settings (issue 27): the saved list in the settings
// file without API keys (SavedLangGraphServers), the keys in the secret store (ServerApiKeys),
// and the set of watched servers (LangGraphServers) that starts, keeps, replaces and removes
// each server's source as the list changes, against the real desk and a server in the test.
#include "agent/AgentService.h"
#include "agent/langgraph/LangGraphServers.h"
#include "agent/langgraph/LangGraphSource.h"
#include "agent/langgraph/SavedLangGraphServers.h"
#include "agent/review/InboxModel.h"
#include "core/agent/langgraph/FakeLangGraphServer.h"
#include "core/agent/langgraph/RecordedThreads.h"
#include "secrets/MemorySecretStore.h"
#include "secrets/ServerApiKeys.h"
#include "support/ServiceFixture.h"
#include "support/TestJson.h"

#include <QFile>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace k8::agent;
using namespace k8::agent::langgraph;
using k8::secrets::MemorySecretStore;
using k8::secrets::SecretStore;
using k8::secrets::ServerApiKeys;
using k8::test::FakeHttpRequest;
using k8::test::FakeHttpResponse;
using k8::test::FakeLangGraphServer;
using k8::test::RecordedThreads;
namespace waits = k8::test::waits;

namespace {

SavedLangGraphServer savedServer(const QString& name, const QString& url)
{
    SavedLangGraphServer server;
    server.name = name;
    server.url = SavedLangGraphServers::urlFromText(url);
    return server;
}

} // namespace

class TestLangGraphServers : public QObject, private k8::test::ServiceFixture
{
    Q_OBJECT

private:
    std::optional<FakeLangGraphServer> m_server;
    RecordedThreads m_threads;
    std::unique_ptr<LangGraphServers> m_servers;

    LangGraphServers::Server watchedServer(const QString& id, const QString& key = {}) const
    {
        return {id, LangGraphServerConfig{QStringLiteral("dev-server"), m_server->url(), key, {}}, false};
    }
    void shortenPolls()
    {
        m_servers->setSourceSetUp([](LangGraphSource* source) {
            source->watcher()->setPollIntervalMs(50);
            source->watcher()->setBackoffMs(50, 200);
        });
    }
    // The x-api-key of the requests the server got since clearRequests(), each once.
    QSet<QByteArray> keysSent() const
    {
        QSet<QByteArray> keys;
        for (const FakeHttpRequest& request : m_server->requests())
            keys.insert(request.headers.value("x-api-key", "(none)"));
        return keys;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(setUpService());
        QVERIFY(startService(baseSettings()));
        m_threads = RecordedThreads();
        m_server.emplace();
        QVERIFY(m_server->listen());
        m_server->setHandler([this](const FakeHttpRequest& request) { return m_threads.answer(request); });
        m_servers = std::make_unique<LangGraphServers>(m_service.get());
        shortenPolls();
    }
    // The desk first (it asks the sources whether their requests stay pending), then the sources.
    void cleanup()
    {
        tearDownService();
        m_servers.reset();
        m_server.reset();
    }

    // What is kept: names, URLs, graphs, whether on, whether a key was given; never the key.
    void theSavedListRoundTripsThroughTheSettingsFileWithoutKeys()
    {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("settings.ini"));
        QString firstId;
        {
            QSettings settings(path, QSettings::IniFormat);
            SavedLangGraphServers saved(&settings);
            QSignalSpy changed(&saved, &SavedLangGraphServers::changed);
            SavedLangGraphServer staging =
                savedServer(QStringLiteral(" staging "), QStringLiteral("http://h:2024/"));
            staging.graphs = SavedLangGraphServers::graphsFromText(QStringLiteral("agent, gate agent"));
            staging.hasApiKey = true;
            SavedLangGraphServer production =
                savedServer(QStringLiteral("production"), QStringLiteral("https://lg.example.org/api"));
            production.enabled = false;
            QString error;
            QVERIFY2(saved.replaceAll({staging, production}, &error), qPrintable(error));
            QCOMPARE(changed.size(), 1);
            QCOMPARE(saved.servers().size(), 2);
            firstId = saved.servers().at(0).id;
            QVERIFY(!firstId.isEmpty());
            QVERIFY(saved.servers().at(1).id != firstId);
            // The same list again is no change.
            QVERIFY(saved.replaceAll(saved.servers()));
            QCOMPARE(changed.size(), 1);
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains("http://h:2024") && !text.contains("http://h:2024/"), text.constData());
        QVERIFY2(text.contains("hasApiKey=true"), text.constData()); // whether, not what

        QSettings settings(path, QSettings::IniFormat);
        SavedLangGraphServers again(&settings);
        QCOMPARE(again.servers().size(), 2);
        const SavedLangGraphServer& staging = again.servers().at(0);
        QCOMPARE(staging.id, firstId);
        QCOMPARE(staging.name, QStringLiteral("staging"));
        QCOMPARE(staging.url, QUrl(QStringLiteral("http://h:2024")));
        QCOMPARE(staging.graphs, (QStringList{QStringLiteral("agent"), QStringLiteral("gate")}));
        QVERIFY(staging.hasApiKey);
        QVERIFY(staging.enabled);
        QVERIFY(!again.servers().at(1).enabled);
        QCOMPARE(SavedLangGraphServers::configOf(staging, QStringLiteral("k")).apiKey, QStringLiteral("k"));

        // Removing one takes its group out of the file.
        QVERIFY(again.replaceAll({again.servers().at(1)}));
        settings.sync();
        QFile after(path);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QVERIFY(!after.readAll().contains("staging"));
    }

    void whatCannotBeSaved_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("problem");
        QTest::newRow("no name") << QStringLiteral("  ") << QStringLiteral("http://h")
                                 << QStringLiteral("needs a name");
        QTest::newRow("a name alike") << QStringLiteral("STAGING") << QStringLiteral("http://other")
                                      << QStringLiteral("Two LangGraph servers are named");
        QTest::newRow("a bidi control in the name")
            << QStringLiteral("prod\u202Egnits") << QStringLiteral("http://h") << QStringLiteral("invisible");
        QTest::newRow("not http") << QStringLiteral("a") << QStringLiteral("ftp://h")
                                  << QStringLiteral("http://");
        QTest::newRow("no host") << QStringLiteral("a") << QStringLiteral("http://")
                                 << QStringLiteral("with a host");
        QTest::newRow("a query") << QStringLiteral("a") << QStringLiteral("http://h/?k=1")
                                 << QStringLiteral("query");
        QTest::newRow("a user") << QStringLiteral("a") << QStringLiteral("http://me:pw@h")
                                << QStringLiteral("user name");
        QTest::newRow("the same address") << QStringLiteral("again") << QStringLiteral("http://h:2024/")
                                          << QStringLiteral("are the same server");
    }
    void whatCannotBeSaved()
    {
        QFETCH(QString, name);
        QFETCH(QString, url);
        QFETCH(QString, problem);
        QTemporaryDir folder;
        QSettings settings(folder.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        SavedLangGraphServers saved(&settings);
        QVERIFY(saved.replaceAll({savedServer(QStringLiteral("staging"), QStringLiteral("http://h:2024"))}));
        QList<SavedLangGraphServer> list = saved.servers();
        list.append(savedServer(name, url));
        QString error;
        QVERIFY(!saved.replaceAll(list, &error));
        QVERIFY2(error.contains(problem), qPrintable(error));
        QCOMPARE(saved.servers().size(), 1); // nothing changed
    }

    // A key is usable at once and then kept in the store; one the store cannot keep stays for
    // this session only, and says so.
    void apiKeysGoToTheSecretStore()
    {
        MemorySecretStore store;
        ServerApiKeys keys(&store);
        const QString name = SavedLangGraphServers::secretKey(QStringLiteral("id-1"));
        keys.set(name, QStringLiteral("sk-1"));
        QCOMPARE(keys.key(name), QStringLiteral("sk-1"));
        QCOMPARE(keys.state(name), ServerApiKeys::State::Saving);
        QTRY_COMPARE_WITH_TIMEOUT(keys.pendingCount(), 0, waits::InProcess);
        QCOMPARE(keys.state(name), ServerApiKeys::State::Stored);
        QCOMPARE(store.value(name), QStringLiteral("sk-1"));

        ServerApiKeys later(&store); // the next start
        QVERIFY(!later.isKnown(name));
        later.load(name);
        QCOMPARE(later.state(name), ServerApiKeys::State::Loading);
        QTRY_COMPARE_WITH_TIMEOUT(later.state(name), ServerApiKeys::State::Stored, waits::InProcess);
        QCOMPARE(later.key(name), QStringLiteral("sk-1"));
        later.load(SavedLangGraphServers::secretKey(QStringLiteral("never-saved")));
        QTRY_COMPARE_WITH_TIMEOUT(later.pendingCount(), 0, waits::InProcess);
        QCOMPARE(later.state(SavedLangGraphServers::secretKey(QStringLiteral("never-saved"))),
                 ServerApiKeys::State::None);

        store.setFailure(SecretStore::Error::NoBackend, QStringLiteral("no secret service"));
        later.set(name, QStringLiteral("sk-2"));
        QTRY_COMPARE_WITH_TIMEOUT(later.pendingCount(), 0, waits::InProcess);
        QCOMPARE(later.state(name), ServerApiKeys::State::SessionOnly);
        QCOMPARE(later.key(name), QStringLiteral("sk-2"));
        QVERIFY2(later.stateText(name).contains(QStringLiteral("this session only")),
                 qPrintable(later.stateText(name)));
        store.setFailure(SecretStore::Error::None);
        later.set(name, QString());
        QTRY_COMPARE_WITH_TIMEOUT(later.pendingCount(), 0, waits::InProcess);
        QVERIFY(!store.contains(name));
        QCOMPARE(later.state(name), ServerApiKeys::State::None);
    }

    // A server's source starts with its key; the same settings keep it (and its requests); a new
    // key replaces it; a server that goes takes its requests out of the inbox, unrecorded.
    void sourcesFollowTheList()
    {
        QSignalSpy changed(m_servers.get(), &LangGraphServers::serversChanged);
        m_servers->setServers({watchedServer(QStringLiteral("a"), QStringLiteral("sk-first"))});
        QCOMPARE(changed.size(), 1);
        LangGraphSource* first = m_servers->source(QStringLiteral("a"));
        QVERIFY(first);
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        QCOMPARE(keysSent(), QSet<QByteArray>{"sk-first"});
        QTRY_VERIFY_WITH_TIMEOUT(m_servers->status(QStringLiteral("a")).reachable, waits::InProcess);
        QCOMPARE(m_servers->status(QStringLiteral("a")).interruptedThreads, 5);

        m_servers->setServers({watchedServer(QStringLiteral("a"), QStringLiteral("sk-first"))});
        QCOMPARE(m_servers->source(QStringLiteral("a")), first);
        QCOMPARE(changed.size(), 1);

        m_server->clearRequests();
        m_servers->setServers({watchedServer(QStringLiteral("a"), QStringLiteral("sk-second"))});
        QVERIFY(m_servers->source(QStringLiteral("a")) != nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!m_server->requests().isEmpty(), waits::InProcess);
        QCOMPARE(keysSent(), QSet<QByteArray>{"sk-second"});
        // The replacement hands the same interrupts in again, once each.
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);

        const QPointer<LangGraphSource> replaced = m_servers->source(QStringLiteral("a"));
        m_servers->setServers({});
        QVERIFY(!m_servers->isWatched(QStringLiteral("a")));
        QCOMPARE(m_service->inbox()->rowCount(), 0);
        QVERIFY(k8::test::readJsonLines(m_service->ledgerPath()).isEmpty()); // nothing was decided
        // Nothing polls any more: the source, with its poll timer and its network access, is gone.
        QVERIFY(replaced.isNull());
        m_server->clearRequests();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QVERIFY(m_server->requests().isEmpty());
    }

    // A decision the server could not take yet (its resumes were refused) is not lost when the
    // person changes the server's settings meanwhile: the new source delivers it, as it was made,
    // once it finds the interrupt still pending, without handing that interrupt to the inbox
    // again. One ledger entry; the old source sends nothing more.
    void aDecisionNotYetDeliveredOutlivesAChangeOfSettings()
    {
        // Resumes are refused until they come with the new key (a resume the old source had sent
        // before it went may still arrive: refused too).
        QString resumedThread;
        m_server->setHandler([this, &resumedThread](const FakeHttpRequest& request) {
            if (request.method == "POST" && request.path.endsWith("/runs")) {
                if (request.headers.value("x-api-key") != "sk-second")
                    return FakeHttpResponse::json(R"({"detail":"restarting"})", 503);
                // Taken: the thread runs on and leaves the interrupted ones.
                resumedThread = QString::fromUtf8(request.path.split('/').value(2));
                m_threads.remove(resumedThread);
                return k8::test::recordedResponse(QStringLiteral("resume_run"));
            }
            return m_threads.answer(request);
        });
        m_servers->setServers({watchedServer(QStringLiteral("a"), QStringLiteral("sk-first"))});
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        const QString threadId =
            m_threads.byCode(QStringLiteral("print(1)"))->value(QStringLiteral("thread_id")).toString();
        const quint64 key = inboxKeyOfThread(threadId);
        QVERIFY(key != 0);
        PersonDecision approve;
        approve.actions.append(ActionDecision{DecisionKind::Approve, {}, {}});
        QString error;
        QVERIFY2(m_service->decide(key, approve, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(m_server->runsPosted().size() >= 1, waits::InProcess);
        QCOMPARE(m_servers->source(QStringLiteral("a"))->undeliveredCount(), 1);
        const QJsonObject refusedBody = m_server->runsPosted().constFirst().json();

        // The person changes the key (say, the server had refused it) while the decision waits.
        m_servers->setServers({watchedServer(QStringLiteral("a"), QStringLiteral("sk-second"))});
        LangGraphSource* replacement = m_servers->source(QStringLiteral("a"));
        QCOMPARE(replacement->undeliveredCount(), 1);
        QSignalSpy handedIn(m_service.get(), &ReviewCoordinator::requestQueued);
        QSignalSpy resumed(replacement, &LangGraphSource::resumed);
        QTRY_COMPARE_WITH_TIMEOUT(resumed.size(), 1, waits::InProcess);
        QCOMPARE(resumedThread, threadId);
        QList<FakeHttpRequest> runs = m_server->runsPosted();
        runs.removeIf(
            [](const FakeHttpRequest& run) { return run.headers.value("x-api-key") != "sk-second"; });
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.constFirst().json(), refusedBody); // the decision as it was made
        QCOMPARE(replacement->undeliveredCount(), 0);
        // The other five were handed in again; the decided one was not.
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 5, waits::InProcess);
        QCOMPARE(handedIn.size(), 5);
        QCOMPARE(inboxKeyOfThread(threadId), quint64(0));
        int entries = 0;
        for (const QJsonObject& line : k8::test::readJsonLines(m_service->ledgerPath()))
            entries += line.value(QStringLiteral("thread_id")).toString() == threadId;
        QCOMPARE(entries, 1);
    }

    // A decision kept for a server that then went from the list is said to be lost if the
    // interrupt has gone by the time the server is watched again.
    void aKeptDecisionWhoseInterruptWentIsSaidToBeLost()
    {
        m_server->setHandler([this](const FakeHttpRequest& request) {
            if (request.method == "POST" && request.path.endsWith("/runs"))
                return FakeHttpResponse::json(R"({"detail":"restarting"})", 503);
            return m_threads.answer(request);
        });
        m_servers->setServers({watchedServer(QStringLiteral("a"))});
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        const QString threadId =
            m_threads.byCode(QStringLiteral("print(1)"))->value(QStringLiteral("thread_id")).toString();
        PersonDecision approve;
        approve.actions.append(ActionDecision{DecisionKind::Approve, {}, {}});
        QString error;
        QVERIFY2(m_service->decide(inboxKeyOfThread(threadId), approve, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(m_server->runsPosted().size() >= 1, waits::InProcess);
        m_servers->setServers({});  // switched off, the decision still undelivered
        m_threads.remove(threadId); // resumed elsewhere meanwhile

        QSignalSpy problems(m_servers.get(), &LangGraphServers::problem);
        m_servers->setServers({watchedServer(QStringLiteral("a"))});
        QSignalSpy resumed(m_servers->source(QStringLiteral("a")), &LangGraphSource::resumed);
        QTRY_COMPARE_WITH_TIMEOUT(problems.size(), 1, waits::InProcess);
        const QString message = problems.constFirst().at(2).toString();
        QVERIFY2(message.contains(threadId) && message.contains(QStringLiteral("was not sent")),
                 qPrintable(message));
        QCOMPARE(m_servers->source(QStringLiteral("a"))->undeliveredCount(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 5, waits::InProcess);
        QVERIFY(resumed.isEmpty());
    }

    // One address is watched once: the first given (a saved server) wins over the command line's.
    void anAddressIsWatchedOnce()
    {
        LangGraphServers::Server commandLine = watchedServer(QStringLiteral("command-line-1"));
        commandLine.fromCommandLine = true;
        LangGraphServers::Server saved = watchedServer(QStringLiteral("saved"), QStringLiteral("sk"));
        saved.config.url = QUrl(m_server->url().toString() + QStringLiteral("/"));
        m_servers->setServers({saved, commandLine});
        QVERIFY(m_servers->isWatched(QStringLiteral("saved")));
        QVERIFY(!m_servers->isWatched(QStringLiteral("command-line-1")));
        QTRY_COMPARE_WITH_TIMEOUT(m_service->inbox()->rowCount(), 6, waits::InProcess);
        QCOMPARE(m_servers->servers().size(), 1);
    }

    // A server that cannot be reached counts as such once polled; at quit nothing polls.
    void unreachableAndStopped()
    {
        m_server->close();
        m_servers->setServers({watchedServer(QStringLiteral("a"))});
        QTRY_COMPARE_WITH_TIMEOUT(m_servers->unreachableCount(), 1, waits::InProcess);
        QVERIFY(!m_servers->status(QStringLiteral("a")).error.isEmpty());
        m_servers->stopAll();
        QVERIFY(!m_servers->source(QStringLiteral("a"))->watcher()->isRunning());
        // Once stopped, nothing starts again.
        m_servers->setServers({watchedServer(QStringLiteral("b"))});
        QVERIFY(!m_servers->isWatched(QStringLiteral("b")));
    }
};

QTEST_GUILESS_MAIN(TestLangGraphServers)
#include "tst_langgraphservers.moc"
