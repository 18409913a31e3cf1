// SPDX-License-Identifier: Apache-2.0
// LangGraphApi's requests over real HTTP to a server in the test (FakeLangGraphServer.h): what
// is sent, and how every kind of failed answer ends.
#include "agent/langgraph/LangGraphApi.h"

#include "core/agent/langgraph/FakeLangGraphServer.h"
#include "support/Waits.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <optional>

using namespace k8::agent::langgraph;
using k8::test::FakeHttpRequest;
using k8::test::FakeHttpResponse;
using k8::test::FakeLangGraphServer;
using k8::test::recordedResponse;
namespace waits = k8::test::waits;

class TestLangGraphApi : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void sendsKeyAndListingBody();
    void noKeyNoHeader();
    void fetchesThreadsByIdWithInterrupts();
    void getsOneThread();
    void resumeBodyIsExactly();
    void httpErrors_data();
    void httpErrors();
    void unreachableServer();
    void hangingServerTimesOut();
    void droppedConnection();
    void oversizedWithLength();
    void oversizedWithoutLength();
    void badConfigIsAnError();
    void callbackDroppedWithItsContext();

private:
    LangGraphResponse call(const std::function<void(LangGraphApi&, LangGraphApi::Callback)>& request);

    std::optional<FakeLangGraphServer> m_server;
    LangGraphServerConfig m_config;
};

void TestLangGraphApi::init()
{
    m_server.emplace();
    QVERIFY(m_server->listen());
    m_config = {QStringLiteral("local"), m_server->url(), QStringLiteral("secret-key"), {}};
}

void TestLangGraphApi::cleanup()
{
    m_server.reset();
}

LangGraphResponse
TestLangGraphApi::call(const std::function<void(LangGraphApi&, LangGraphApi::Callback)>& request)
{
    LangGraphApi api(m_config);
    api.setTimeoutMs(waits::InProcess / 2);
    std::optional<LangGraphResponse> answer;
    request(api, [&answer](const LangGraphResponse& response) { answer = response; });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waits::InProcess); }();
    return answer.value_or(LangGraphResponse{});
}

void TestLangGraphApi::sendsKeyAndListingBody()
{
    m_server->setHandler(
        [](const FakeHttpRequest&) { return recordedResponse(QStringLiteral("search_page1")); });
    const LangGraphResponse response =
        call([this](LangGraphApi& api, auto done) { api.searchInterrupted(2, 50, this, done); });
    QVERIFY2(response.ok(), qPrintable(response.error));
    QCOMPARE(response.paginationNext, QStringLiteral("2"));
    QVERIFY(response.hasPaginationHeaders);
    QCOMPARE(m_server->requests().size(), 1);
    const FakeHttpRequest& sent = m_server->requests().first();
    QVERIFY(sent.is("POST", "/threads/search"));
    QCOMPARE(sent.headers.value("x-api-key"), QByteArray("secret-key"));
    QCOMPARE(sent.headers.value("content-type"), QByteArray("application/json"));
    const QJsonObject expected = QJsonDocument::fromJson(R"({"status": "interrupted",
        "select": ["thread_id", "updated_at", "status", "metadata"],
        "sort_by": "updated_at", "sort_order": "desc", "limit": 50, "offset": 2})")
                                     .object();
    QCOMPARE(sent.json(), expected);
}

void TestLangGraphApi::noKeyNoHeader()
{
    m_config.apiKey.clear();
    m_config.url.setPath(QStringLiteral("/prefix/"));
    m_server->setHandler([](const FakeHttpRequest&) { return recordedResponse(QStringLiteral("info")); });
    const LangGraphResponse response = call([this](LangGraphApi& api, auto done) { api.info(this, done); });
    QVERIFY(response.ok());
    QVERIFY(!m_server->requests().first().headers.contains("x-api-key"));
    QVERIFY(m_server->requests().first().is("GET", "/prefix/info"));
    QVERIFY(!response.hasPaginationHeaders);
}

void TestLangGraphApi::fetchesThreadsByIdWithInterrupts()
{
    m_server->setHandler(
        [](const FakeHttpRequest&) { return recordedResponse(QStringLiteral("interrupts_all")); });
    const LangGraphResponse response = call([this](LangGraphApi& api, auto done) {
        api.threadsWithInterrupts({QStringLiteral("t1"), QStringLiteral("t2")}, this, done);
    });
    QVERIFY(response.ok());
    const QJsonObject expected = QJsonDocument::fromJson(R"({"ids": ["t1", "t2"],
        "select": ["thread_id", "updated_at", "status", "metadata", "interrupts"], "limit": 2, "offset": 0})")
                                     .object();
    QCOMPARE(m_server->requests().first().json(), expected);
}

void TestLangGraphApi::getsOneThread()
{
    m_server->setHandler(
        [](const FakeHttpRequest&) { return recordedResponse(QStringLiteral("thread_gate")); });
    const LangGraphResponse response =
        call([this](LangGraphApi& api, auto done) { api.thread(QStringLiteral("abc-1"), this, done); });
    QVERIFY(response.ok());
    QVERIFY(m_server->requests().first().is("GET", "/threads/abc-1"));
    QCOMPARE(response.body, recordedResponse(QStringLiteral("thread_gate")).body);
}

void TestLangGraphApi::resumeBodyIsExactly()
{
    m_server->setHandler(
        [](const FakeHttpRequest&) { return recordedResponse(QStringLiteral("resume_run")); });
    const QJsonValue answer =
        QJsonObject{{QStringLiteral("approved"), true}, {QStringLiteral("note"), QStringLiteral("ok")}};
    const LangGraphResponse response = call([&](LangGraphApi& api, auto done) {
        api.resume(QStringLiteral("thread-1"), QStringLiteral("938fdfa4-6ada-5da4-99ea-62a3205cb478"),
                   QStringLiteral("2bfbaf5aad48d1336f75ef7b3fd754a2"), answer, this, done);
    });
    QVERIFY(response.ok());
    const FakeHttpRequest& sent = m_server->requests().first();
    QVERIFY(sent.is("POST", "/threads/thread-1/runs"));
    const QJsonObject expected = QJsonDocument::fromJson(R"({
        "assistant_id": "938fdfa4-6ada-5da4-99ea-62a3205cb478",
        "command": {"resume": {"2bfbaf5aad48d1336f75ef7b3fd754a2": {"approved": true, "note": "ok"}}},
        "multitask_strategy": "reject"})")
                                     .object();
    QCOMPARE(sent.json(), expected);
    QCOMPARE(sent.json().keys().size(), 3); // nothing else: no input, no stream mode
}

void TestLangGraphApi::httpErrors_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("says");
    QTest::newRow("401") << 401 << QByteArray(R"({"detail":"Invalid API key"})")
                         << QStringLiteral("refused the API key (HTTP 401): Invalid API key");
    QTest::newRow("403 html") << 403 << QByteArray("<html>forbidden</html>")
                              << QStringLiteral("refused the API key (HTTP 403)");
    QTest::newRow("404 recorded") << 404 << recordedResponse(QStringLiteral("thread_missing")).body
                                  << QStringLiteral("(HTTP 404): Thread with ID");
    QTest::newRow("409 recorded") << 409 << recordedResponse(QStringLiteral("resume_busy")).body
                                  << QStringLiteral(
                                         "busy with another run (HTTP 409): Thread is already running");
    QTest::newRow("422 recorded") << 422 << recordedResponse(QStringLiteral("search_bad_status")).body
                                  << QStringLiteral("invalid (HTTP 422)");
    QTest::newRow("307 not followed") << 307 << QByteArray() << QStringLiteral("redirected elsewhere");
    QTest::newRow("500") << 500 << QByteArray("Internal Server Error") << QStringLiteral("failed (HTTP 500)");
    QTest::newRow("503 empty") << 503 << QByteArray() << QStringLiteral("failed (HTTP 503)");
}

void TestLangGraphApi::httpErrors()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, says);
    m_server->setHandler([&](const FakeHttpRequest&) { return FakeHttpResponse::json(body, status); });
    const LangGraphResponse response =
        call([this](LangGraphApi& api, auto done) { api.searchInterrupted(0, 10, this, done); });
    QCOMPARE(response.outcome, LangGraphResponse::Outcome::HttpError);
    QCOMPARE(response.httpStatus, status);
    QVERIFY2(response.error.contains(says), qPrintable(response.error));
}

void TestLangGraphApi::unreachableServer()
{
    m_server->close(); // nothing listens on its port now
    const LangGraphResponse response = call([this](LangGraphApi& api, auto done) { api.info(this, done); });
    QCOMPARE(response.outcome, LangGraphResponse::Outcome::Unreachable);
    QCOMPARE(response.httpStatus, 0);
    QVERIFY2(response.error.startsWith(QStringLiteral("the server cannot be reached")),
             qPrintable(response.error));
}

void TestLangGraphApi::hangingServerTimesOut()
{
    m_server->setHandler([](const FakeHttpRequest&) { return FakeHttpResponse::hang(); });
    LangGraphApi api(m_config);
    api.setTimeoutMs(300);
    std::optional<LangGraphResponse> answer;
    QElapsedTimer clock;
    clock.start();
    api.info(this, [&answer](const LangGraphResponse& response) { answer = response; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waits::InProcess);
    QCOMPARE(answer->outcome, LangGraphResponse::Outcome::TimedOut);
    QVERIFY(clock.elapsed() >= 290);
    QCOMPARE(answer->error, QStringLiteral("the server did not answer in time"));
}

void TestLangGraphApi::droppedConnection()
{
    m_server->setHandler([](const FakeHttpRequest&) { return FakeHttpResponse::drop(); });
    const LangGraphResponse response = call([this](LangGraphApi& api, auto done) { api.info(this, done); });
    QCOMPARE(response.outcome, LangGraphResponse::Outcome::Unreachable);
}

void TestLangGraphApi::oversizedWithLength()
{
    const QByteArray huge = "[" + QByteArray(2 * 1024 * 1024, ' ') + "]";
    m_server->setHandler([&](const FakeHttpRequest&) { return FakeHttpResponse::json(huge); });
    LangGraphApi api(m_config);
    api.setMaxResponseBytes(64 * 1024);
    std::optional<LangGraphResponse> answer;
    api.searchInterrupted(0, 10, this, [&answer](const LangGraphResponse& response) { answer = response; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waits::InProcess);
    QCOMPARE(answer->outcome, LangGraphResponse::Outcome::TooLarge);
    QVERIFY(answer->body.isEmpty());
    QCOMPARE(answer->error, QStringLiteral("the server's answer is larger than 65536 bytes"));
}

void TestLangGraphApi::oversizedWithoutLength()
{
    // No Content-Length: the bytes are counted as they come.
    FakeHttpResponse response = FakeHttpResponse::json("[" + QByteArray(2 * 1024 * 1024, ' ') + "]");
    response.mode = FakeHttpResponse::Mode::AnswerNoLength;
    m_server->setHandler([&](const FakeHttpRequest&) { return response; });
    LangGraphApi api(m_config);
    api.setMaxResponseBytes(64 * 1024);
    std::optional<LangGraphResponse> answer;
    api.searchInterrupted(0, 10, this, [&answer](const LangGraphResponse& got) { answer = got; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waits::InProcess);
    QCOMPARE(answer->outcome, LangGraphResponse::Outcome::TooLarge);

    // Just under the cap is read whole.
    response.body = "[" + QByteArray(1000, ' ') + "]";
    answer.reset();
    api.searchInterrupted(0, 10, this, [&answer](const LangGraphResponse& got) { answer = got; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waits::InProcess);
    QVERIFY(answer->ok());
    QCOMPARE(answer->body, response.body);
}

void TestLangGraphApi::badConfigIsAnError()
{
    m_config.apiKey = QStringLiteral("key\r\nx-other: 1");
    const LangGraphResponse response = call([this](LangGraphApi& api, auto done) { api.info(this, done); });
    QVERIFY(!response.ok());
    QCOMPARE(response.error, QStringLiteral("the API key holds a control character"));
    QCOMPARE(m_server->requests().size(), 0);

    // An id that could bend the URL is never sent.
    m_config.apiKey.clear();
    for (const QString& id : {QStringLiteral("../info"), QStringLiteral("a?b"), QString()}) {
        const LangGraphResponse refused =
            call([&](LangGraphApi& api, auto done) { api.thread(id, this, done); });
        QCOMPARE(refused.error, QStringLiteral("not a thread id the client sends"));
        const LangGraphResponse notResumed = call([&](LangGraphApi& api, auto done) {
            api.resume(id, QStringLiteral("a"), QStringLiteral("i"), 1, this, done);
        });
        QVERIFY(!notResumed.ok());
    }
    QCOMPARE(m_server->requests().size(), 0);

    m_config = {QStringLiteral("x"), QUrl(QStringLiteral("file:///tmp")), {}, {}};
    QVERIFY(!m_config.problem().isEmpty());
    m_config = {QStringLiteral(""), QUrl(QStringLiteral("http://h")), {}, {}};
    QVERIFY(!m_config.problem().isEmpty());
    m_config = {QStringLiteral("x"), QUrl(QStringLiteral("https://h:2024/api")), {}, {}};
    QVERIFY(m_config.problem().isEmpty());
    QCOMPARE(m_config.endpoint(QStringLiteral("/info")), QUrl(QStringLiteral("https://h:2024/api/info")));
}

void TestLangGraphApi::callbackDroppedWithItsContext()
{
    m_server->setHandler([](const FakeHttpRequest&) { return recordedResponse(QStringLiteral("info")); });
    LangGraphApi api(m_config);
    auto* context = new QObject;
    bool called = false;
    api.info(context, [&called](const LangGraphResponse&) { called = true; });
    delete context;
    // The request still runs to its end; its answer goes nowhere.
    QTRY_COMPARE_WITH_TIMEOUT(m_server->requests().size(), 1, waits::InProcess);
    bool later = false;
    api.info(this, [&later](const LangGraphResponse&) { later = true; });
    QTRY_VERIFY_WITH_TIMEOUT(later, waits::InProcess);
    QVERIFY(!called);
}

QTEST_GUILESS_MAIN(TestLangGraphApi)
#include "tst_langgraphapi.moc"
