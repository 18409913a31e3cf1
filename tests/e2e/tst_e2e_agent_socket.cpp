// SPDX-License-Identifier: Apache-2.0
// The real app over the real socket: start kosa8-desk offscreen with the stand-in, talk JSON-RPC
// to it, stop it with SIGTERM, and check what an agent and a person would check.
#include "support/AgentTestClient.h"
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ServiceFolders.h"
#include "support/TestJson.h"
#include "support/UnixSockets.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cstring>
#include <memory>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Process;

QString sha256(const QString& text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

using k8::test::codeReviewParams;
using k8::test::countDecidedBy;
using k8::test::DeskProcess;
using k8::test::procStatusKiB;
using k8::test::readJsonLines;
using k8::test::roundTrip;

} // namespace

class TestE2eAgentSocket : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

private:
    std::unique_ptr<DeskProcess> makeDesk(const QString& data = {}, const QString& socket = {})
    {
        return std::make_unique<DeskProcess>(m_binary, m_standin, data.isEmpty() ? dataDir() : data,
                                             socket.isEmpty() ? socketPath() : socket, stateDir());
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init() { QVERIFY(setUpFolders()); }

    void cleanup() { tearDownFolders(); }

    void twoHundredConcurrentRequestsDecidedByRules()
    {
        const QString approvedCode = QStringLiteral("import pandas as pd\nprint(pd.DataFrame().shape)");
        const QString rules = m_dir->filePath(QStringLiteral("team-rules.json"));
        {
            QFile file(rules);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(
                QJsonDocument(
                    QJsonObject{
                        {QStringLiteral("rules"),
                         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("pandas-shape")},
                                                {QStringLiteral("decision"), QStringLiteral("approve")},
                                                {QStringLiteral("code_sha256"), sha256(approvedCode)}},
                                    QJsonObject{{QStringLiteral("name"), QStringLiteral("no-night-bot")},
                                                {QStringLiteral("decision"), QStringLiteral("reject")},
                                                {QStringLiteral("agent"), QStringLiteral("night-bot")}}}}})
                    .toJson());
        }
        auto desk = makeDesk();
        desk->start({QStringLiteral("--rules"), rules});

        constexpr int Clients = 10;
        constexpr int PerClient = 20;
        std::vector<std::unique_ptr<AgentTestClient>> clients;
        for (int c = 0; c < Clients; ++c) {
            clients.push_back(std::make_unique<AgentTestClient>());
            QVERIFY2(desk->connect(*clients.back()), desk->process().readAllStandardError().constData());
        }
        // All 200 go out before any answer is read.
        QHash<QString, QString> expected; // "client/id" -> "approve" | "reject"
        for (int i = 0; i < PerClient; ++i) {
            for (int c = 0; c < Clients; ++c) {
                const bool night = (i + c) % 3 == 0;
                const QString agent =
                    night ? QStringLiteral("night-bot") : QStringLiteral("day-bot-%1").arg(c);
                const QJsonValue id =
                    clients[c]->request(QStringLiteral("review"), codeReviewParams(approvedCode, agent));
                expected.insert(QStringLiteral("%1/%2").arg(c).arg(AgentTestClient::idKey(id)),
                                night ? QStringLiteral("reject") : QStringLiteral("approve"));
            }
        }
        QCOMPARE(expected.size(), Clients * PerClient);
        QTRY_VERIFY_WITH_TIMEOUT(
            std::all_of(clients.begin(), clients.end(),
                        [](const auto& client) { return client->responseCount() == PerClient; }),
            Wait);
        int approved = 0;
        int rejected = 0;
        for (int c = 0; c < Clients; ++c) {
            QVERIFY(clients[c]->badLines().isEmpty());
            QCOMPARE(clients[c]->messages().size(), PerClient); // nothing extra, nothing lost
            for (const QJsonObject& message : clients[c]->messages()) {
                const QString key = QStringLiteral("%1/%2").arg(c).arg(
                    AgentTestClient::idKey(message.value(QStringLiteral("id"))));
                QVERIFY2(expected.contains(key), qPrintable(key));
                QCOMPARE(message.value(QStringLiteral("result")).toString(), expected.take(key));
                (message.value(QStringLiteral("result")).toString() == QLatin1String("approve") ? approved
                                                                                                : rejected)++;
            }
        }
        QVERIFY(expected.isEmpty());
        QVERIFY(approved > 0 && rejected > 0);

        const QList<QJsonObject> entries = readJsonLines(ledgerPath());
        QCOMPARE(entries.size(), Clients * PerClient);
        QCOMPARE(countDecidedBy(entries, QStringLiteral("rule:pandas-shape")), approved);
        QCOMPARE(countDecidedBy(entries, QStringLiteral("rule:no-night-bot")), rejected);

        QCOMPARE(desk->terminate(), 0);

        // The ledger chains, as the command line says.
        QProcess verify;
        verify.start(m_binary, {QStringLiteral("--verify-ledger"), ledgerPath()});
        QVERIFY(verify.waitForFinished(Wait));
        QCOMPARE(verify.exitCode(), 0);
        QVERIFY2(verify.readAllStandardOutput().contains("200 entries chain"),
                 "verify-ledger prints the count");
    }

    void disconnectingClientWithdrawsItsRequests()
    {
        auto desk = makeDesk();
        desk->start();
        AgentTestClient leaving;
        AgentTestClient staying;
        QVERIFY2(desk->connect(leaving), desk->process().readAllStandardError().constData());
        QVERIFY(desk->connect(staying));
        for (int i = 0; i < 3; ++i)
            leaving.request(QStringLiteral("review"),
                            codeReviewParams(QStringLiteral("print(%1)").arg(i), QStringLiteral("leaver")));
        const QJsonValue stays =
            staying.request(QStringLiteral("review"),
                            codeReviewParams(QStringLiteral("print('s')"), QStringLiteral("stayer")));
        QVERIFY(roundTrip(leaving));
        QVERIFY(roundTrip(staying));
        leaving.abort();

        QTRY_COMPARE_WITH_TIMEOUT(countDecidedBy(readJsonLines(ledgerPath()), QStringLiteral("withdrawn")), 3,
                                  Wait);
        for (const QJsonObject& entry : readJsonLines(ledgerPath()))
            QCOMPARE(entry.value(QStringLiteral("agent")).toString(), QStringLiteral("leaver"));
        QVERIFY(!staying.hasResponse(stays)); // the other agent's request still waits for a person
        QVERIFY(roundTrip(staying));
        QCOMPARE(desk->terminate(), 0);
    }

    void sigtermAnswersPendingWithRejections()
    {
        auto desk = makeDesk();
        desk->start();
        AgentTestClient client;
        QVERIFY2(desk->connect(client), desk->process().readAllStandardError().constData());
        const QJsonValue generic = client.request(
            QStringLiteral("review"), codeReviewParams(QStringLiteral("print(1)"), QStringLiteral("a")));
        const QJsonValue hitl = client.request(
            QStringLiteral("review"),
            {{QStringLiteral("payload"),
              QJsonObject{
                  {QStringLiteral("action_requests"),
                   QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("python")},
                                          {QStringLiteral("args"),
                                           QJsonObject{{QStringLiteral("code"), QStringLiteral("x=1")}}}}}},
                  {QStringLiteral("review_configs"),
                   QJsonArray{
                       QJsonObject{{QStringLiteral("action_name"), QStringLiteral("python")},
                                   {QStringLiteral("allowed_decisions"),
                                    QJsonArray{QStringLiteral("approve"), QStringLiteral("reject")}}}}}}}});
        QVERIFY(roundTrip(client));
        QVERIFY(!client.hasResponse(generic) && !client.hasResponse(hitl));

        QCOMPARE(desk->terminate(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(client.hasResponse(generic) && client.hasResponse(hitl), Wait);
        QCOMPARE(client.response(generic).value(QStringLiteral("result")).toString(),
                 QStringLiteral("reject"));
        const QJsonArray decisions = client.response(hitl)
                                         .value(QStringLiteral("result"))
                                         .toObject()
                                         .value(QStringLiteral("decisions"))
                                         .toArray();
        QCOMPARE(decisions.size(), 1);
        QCOMPARE(decisions.first().toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("reject"));
        QVERIFY(!decisions.first().toObject().value(QStringLiteral("message")).toString().isEmpty());
        QCOMPARE(countDecidedBy(readJsonLines(ledgerPath()), QStringLiteral("shutdown")), 2);
        QVERIFY(!QFile::exists(socketPath())); // a clean exit removes the socket
    }

    // A second app (another data folder) on a socket the first one listens on: it stays up and
    // says why agents cannot reach it (the window says it too, tst_appcomposition); the first is
    // untouched. (A second launch with the same data folder is tst_e2e_single_instance.)
    void secondAppOnTheSameSocketStaysUpAndSaysWhy()
    {
        auto first = makeDesk();
        first->start();
        AgentTestClient client;
        QVERIFY2(first->connect(client), first->process().readAllStandardError().constData());

        auto second = makeDesk(m_dir->filePath(QStringLiteral("data2")));
        second->start();
        QString stderrText;
        const QString expected =
            QStringLiteral("Agents cannot connect: Another kosa8 Desk is already listening on %1")
                .arg(socketPath());
        QTRY_VERIFY2_WITH_TIMEOUT(
            (stderrText += QString::fromUtf8(second->process().readAllStandardError())).contains(expected),
            qPrintable(stderrText), Wait);
        QCOMPARE(second->process().state(), QProcess::Running);
        // The first one is untouched.
        QVERIFY(roundTrip(client));
        QCOMPARE(second->terminate(), 0);
        QVERIFY(roundTrip(client));
        QCOMPARE(first->terminate(), 0);
    }

    void socketFolderOthersCanEnterIsRefusedButTheAppRuns()
    {
        const QString folder = m_dir->filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkdir(folder));
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0755) == 0);
        auto desk = makeDesk(QString(), folder + QStringLiteral("/agent.sock"));
        desk->start();
        QString stderrText;
        QTRY_VERIFY2_WITH_TIMEOUT((stderrText += QString::fromUtf8(desk->process().readAllStandardError()))
                                      .contains(QStringLiteral("chmod 700 %1").arg(folder)),
                                  qPrintable(stderrText), Wait);
        QVERIFY2(stderrText.contains(QLatin1String("0755")), qPrintable(stderrText));
        QCOMPARE(desk->process().state(), QProcess::Running);
        QVERIFY(!QFile::exists(folder + QStringLiteral("/agent.sock")));
        QCOMPARE(desk->terminate(), 0);
    }

    void verifyLedgerFindsTampering()
    {
        auto desk = makeDesk();
        desk->start();
        AgentTestClient client;
        QVERIFY2(desk->connect(client), desk->process().readAllStandardError().constData());
        for (int i = 0; i < 3; ++i) {
            QJsonObject params = codeReviewParams(QStringLiteral("print(%1)").arg(i), QStringLiteral("a"));
            params.insert(QStringLiteral("timeout_s"), 1);
            client.request(QStringLiteral("review"), params);
        }
        QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), 3, Wait);
        QCOMPARE(desk->terminate(), 0);

        QFile file(ledgerPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = file.readAll().split('\n');
        file.close();
        QVERIFY(lines.size() >= 3);
        lines[1].replace("\"agent\":\"a\"", "\"agent\":\"b\"");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(lines.join('\n'));
        file.close();

        QProcess verify;
        verify.start(m_binary, {QStringLiteral("--verify-ledger"), ledgerPath()});
        QVERIFY(verify.waitForFinished(Wait));
        QCOMPARE(verify.exitCode(), 1);
        const QString err = QString::fromUtf8(verify.readAllStandardError());
        QVERIFY2(err.contains(QLatin1String("seq 2")), qPrintable(err));
    }

    // Issue 24 finding 6: an entry given an earlier copy of a key (which some readers take
    // instead of the later one) or spaces parses to the same entry and keeps its hash; the real
    // binary's --verify-ledger still reports it as a changed entry, with its line.
    void verifyLedgerFindsNonCanonicalLines()
    {
        auto desk = makeDesk();
        desk->start();
        AgentTestClient client;
        QVERIFY2(desk->connect(client), desk->process().readAllStandardError().constData());
        for (int i = 0; i < 3; ++i) {
            QJsonObject params = codeReviewParams(QStringLiteral("print(%1)").arg(i), QStringLiteral("a"));
            params.insert(QStringLiteral("timeout_s"), 1);
            client.request(QStringLiteral("review"), params);
        }
        QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), 3, Wait);
        QCOMPARE(desk->terminate(), 0);

        QFile file(ledgerPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray original = file.readAll();
        file.close();
        QString out;
        QString err;
        QCOMPARE(
            k8::test::runConsole(m_binary, {QStringLiteral("--verify-ledger"), ledgerPath()}, &out, &err), 0);

        const QList<QPair<QByteArray, QByteArray>> tamperings = {
            {"{\"agent\":\"a\"", "{\"decision\":\"approve\",\"agent\":\"a\""},
            {"\"decided_by\":", "\"decided_by\": "},
        };
        for (const auto& [from, to] : tamperings) {
            QList<QByteArray> lines = original.split('\n');
            QVERIFY(lines.size() >= 3 && lines.at(1).contains(from));
            lines[1].replace(from, to);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(lines.join('\n'));
            file.close();
            QCOMPARE(
                k8::test::runConsole(m_binary, {QStringLiteral("--verify-ledger"), ledgerPath()}, &out, &err),
                1);
            QVERIFY2(err.contains(QLatin1String("seq 2 (line 2) was changed")),
                     qPrintable(QString::fromLatin1(to) + QStringLiteral(": ") + out + err));
        }
    }

    // issue 7, finding 10: a ledger that lost its tail still chains; the end the app remembers
    // beside it tells, at the next start and in --verify-ledger given the data folder.
    void cutLedgerTailIsReportedAtStartAndByVerify()
    {
        auto desk = makeDesk();
        desk->start();
        AgentTestClient client;
        QVERIFY2(desk->connect(client), desk->process().readAllStandardError().constData());
        for (int i = 0; i < 3; ++i) {
            QJsonObject params = codeReviewParams(QStringLiteral("print(%1)").arg(i), QStringLiteral("a"));
            params.insert(QStringLiteral("timeout_s"), 1);
            client.request(QStringLiteral("review"), params);
        }
        QTRY_COMPARE_WITH_TIMEOUT(client.responseCount(), 3, Wait);
        QCOMPARE(desk->terminate(), 0);

        auto verify = [this](const QStringList& arguments, QString* out, QString* err) {
            return k8::test::runConsole(m_binary, arguments, out, err);
        };
        QString out;
        QString err;
        // Intact: the data folder, the default (--data-dir) and the file all verify.
        QCOMPARE(verify({QStringLiteral("--verify-ledger"), dataDir()}, &out, &err), 0);
        QVERIFY2(out.contains(QLatin1String("3 entries chain")), qPrintable(out + err));
        QCOMPARE(
            verify({QStringLiteral("--data-dir"), dataDir(), QStringLiteral("--verify-ledger")}, &out, &err),
            0);
        QCOMPARE(verify({QStringLiteral("--verify-ledger"), ledgerPath()}, &out, &err), 0);

        // The last entry cut off: what is left chains, but it is shorter than the app left it.
        QFile file(ledgerPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        file.close();
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(lines.mid(0, 2).join('\n') + '\n');
        file.close();

        QCOMPARE(verify({QStringLiteral("--verify-ledger"), dataDir()}, &out, &err), 1);
        QVERIFY2(err.contains(QLatin1String("shorter")) && err.contains(QLatin1String("entry 3")),
                 qPrintable(out + err));
        QCOMPARE(
            verify({QStringLiteral("--data-dir"), dataDir(), QStringLiteral("--verify-ledger")}, &out, &err),
            1);
        QVERIFY2(err.contains(QLatin1String("shorter")), qPrintable(out + err));

        // The app says so when it starts (in the log here; in the window as a startup problem).
        auto again = makeDesk();
        again->start({QStringLiteral("--verbose")});
        AgentTestClient second;
        // (stderr is read once, at the end: it holds the start-up lines)
        QVERIFY(again->connect(second));
        QVERIFY(roundTrip(second));
        QCOMPARE(again->terminate(), 0);
        const QString log = QString::fromUtf8(again->process().readAllStandardError());
        QVERIFY2(log.contains(QLatin1String("shorter than kosa8 Desk left it")), qPrintable(log));
        // ... and it reached the window's messages as an error (AppContext logs what it shows).
        QVERIFY2(
            log.contains(QLatin1String("[error] message: The decision ledger is not as kosa8 Desk left it: "
                                       "The decision ledger")),
            qPrintable(log));
    }

    // A client that floods requests and never reads its answers cannot grow the app (issue 7,
    // finding 9): past the soft cap the app stops reading it, so the client's writes block, and
    // the app's peak memory stays near where it started. Others are still answered.
    void floodFromAClientThatNeverReadsStaysBounded()
    {
        auto desk = makeDesk();
        desk->start();
        AgentTestClient probe;
        QVERIFY(desk->connect(probe));
        QVERIFY(roundTrip(probe));
        const qint64 pid = desk->process().processId();
        const qint64 residentBefore = procStatusKiB(pid, "VmRSS");
        QVERIFY(residentBefore > 0);

        const int fd = k8::test::connectUnixSocket(socketPath());
        QVERIFY(fd >= 0);
        // A write the app does not take within 3 s ends the flood: that is the back-pressure.
        timeval limit{3, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
        // "x" is not JSON: each 2-byte line earns a -32700 answer about 50 times its size.
        const QByteArray chunk = QByteArray("x\n").repeated(32 * 1024);
        constexpr qint64 Flood = 8'000'000;
        qint64 written = 0;
        while (written < Flood) {
            const ssize_t sent = ::send(fd, chunk.constData(), size_t(chunk.size()), MSG_NOSIGNAL);
            if (sent <= 0)
                break;
            written += sent;
        }
        QVERIFY(roundTrip(probe));
        const qint64 peak = procStatusKiB(pid, "VmHWM");
        ::close(fd);
        QVERIFY2(written < Flood, qPrintable(QStringLiteral("the app took all %1 bytes").arg(written)));
        if constexpr (k8::test::MemoryBoundsHold) {
            QVERIFY2(
                peak - residentBefore < 150 * 1024,
                qPrintable(QStringLiteral("peak %1 KiB, %2 KiB at the start").arg(peak).arg(residentBefore)));
        }
        QVERIFY(roundTrip(probe));
        QCOMPARE(desk->terminate(), 0);
    }
};

QTEST_GUILESS_MAIN(TestE2eAgentSocket)
#include "tst_e2e_agent_socket.moc"
