// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/JsonRpc.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace k8::agent;

class TestJsonRpc : public QObject
{
    Q_OBJECT

private:
    static QJsonObject parseLine(const QByteArray& line)
    {
        if (!line.endsWith('\n') || line.count('\n') != 1)
            return {{QStringLiteral("not-one-line"), true}};
        return QJsonDocument::fromJson(line).object();
    }

private Q_SLOTS:
    void malformed_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("code");
        QTest::addColumn<QJsonValue>("errorId");
        const QJsonValue null(QJsonValue::Null);

        QTest::newRow("not utf-8") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"p\xff\"}")
                                   << ErrorCode::ParseError << null;
        QTest::newRow("overlong utf-8")
            << QByteArray("{\"method\":\"\xc0\xaf\"}") << ErrorCode::ParseError << null;
        QTest::newRow("not json") << QByteArray("hello") << ErrorCode::ParseError << null;
        QTest::newRow("truncated json")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,") << ErrorCode::ParseError << null;
        QTest::newRow("two values") << QByteArray("{} {}") << ErrorCode::ParseError << null;
        QTest::newRow("two scalars") << QByteArray("1, 2") << ErrorCode::ParseError << null;
        QTest::newRow("blank") << QByteArray("") << ErrorCode::ParseError << null;
        QTest::newRow("array top-level") << QByteArray("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]")
                                         << ErrorCode::InvalidRequest << null;
        QTest::newRow("number top-level") << QByteArray("42") << ErrorCode::InvalidRequest << null;
        QTest::newRow("string top-level") << QByteArray("\"ping\"") << ErrorCode::InvalidRequest << null;
        QTest::newRow("null top-level") << QByteArray("null") << ErrorCode::InvalidRequest << null;
        QTest::newRow("missing jsonrpc")
            << QByteArray("{\"id\":3,\"method\":\"ping\"}") << ErrorCode::InvalidRequest << QJsonValue(3);
        QTest::newRow("jsonrpc 1.0") << QByteArray("{\"jsonrpc\":\"1.0\",\"id\":\"a\",\"method\":\"ping\"}")
                                     << ErrorCode::InvalidRequest << QJsonValue(QStringLiteral("a"));
        QTest::newRow("jsonrpc number") << QByteArray("{\"jsonrpc\":2.0,\"id\":4,\"method\":\"ping\"}")
                                        << ErrorCode::InvalidRequest << QJsonValue(4);
        QTest::newRow("missing method")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":5}") << ErrorCode::InvalidRequest << QJsonValue(5);
        QTest::newRow("method number") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":7}")
                                       << ErrorCode::InvalidRequest << QJsonValue(6);
        QTest::newRow("id object") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}")
                                   << ErrorCode::InvalidRequest << null;
        QTest::newRow("id array") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}")
                                  << ErrorCode::InvalidRequest << null;
        QTest::newRow("id bool") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}")
                                 << ErrorCode::InvalidRequest << null;
        QTest::newRow("id null") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}")
                                 << ErrorCode::InvalidRequest << null;
        // No UTF-8 form, so no answer could carry it back (found by tests/fuzz/json_rpc.cpp).
        QTest::newRow("id lone surrogate")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":\"a\\uDDDDb\",\"method\":\"ping\"}")
            << ErrorCode::InvalidRequest << null;
        QTest::newRow("id fraction") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}")
                                     << ErrorCode::InvalidRequest << null;
        QTest::newRow("params string")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"run\",\"params\":\"x\"}")
            << ErrorCode::InvalidRequest << QJsonValue(8);
        QTest::newRow("params number")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"run\",\"params\":3}")
            << ErrorCode::InvalidRequest << QJsonValue(QStringLiteral("p"));
        QTest::newRow("params null")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"run\",\"params\":null}")
            << ErrorCode::InvalidRequest << QJsonValue(9);
    }

    void malformed()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, code);
        QFETCH(QJsonValue, errorId);
        RpcMessage message;
        RpcError error;
        QJsonValue id(QStringLiteral("unset"));
        QVERIFY(!parseRpcLine(line, &message, &error, &id));
        QCOMPARE(error.code, code);
        QVERIFY(!error.message.isEmpty());
        QCOMPARE(id, errorId);

        // The error line a server would send carries that id.
        const QJsonObject reply = parseLine(rpcError(id, error));
        QCOMPARE(reply.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
        QCOMPARE(reply.value(QStringLiteral("id")), errorId);
        QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), code);
    }

    void validRequests()
    {
        RpcMessage message;
        RpcError error;
        QJsonValue id;
        QVERIFY(
            parseRpcLine("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"review\",\"params\":{\"payload\":1}}\r",
                         &message, &error, &id));
        QCOMPARE(message.method, QStringLiteral("review"));
        QVERIFY(!message.isNotification);
        QCOMPARE(message.id, QJsonValue(1));
        QCOMPARE(message.params.toObject().value(QStringLiteral("payload")), QJsonValue(1));

        QVERIFY(
            parseRpcLine("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"ping\"}", &message, &error, &id));
        QCOMPARE(message.id, QJsonValue(QStringLiteral("abc")));
        QVERIFY(message.params.isUndefined());

        QVERIFY(parseRpcLine("{\"jsonrpc\":\"2.0\",\"id\":-3,\"method\":\"ping\",\"params\":[1,2]}", &message,
                             &error, &id));
        QVERIFY(message.params.isArray());

        QVERIFY(parseRpcLine("{\"jsonrpc\":\"2.0\",\"method\":\"cancel\",\"params\":{\"id\":1}}", &message,
                             &error, &id));
        QVERIFY(message.isNotification);
        QVERIFY(message.id.isUndefined());
        QCOMPARE(message.method, QStringLiteral("cancel"));

        // Non-ASCII text is fine.
        QVERIFY(parseRpcLine(
            QStringLiteral("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"review\",\"params\":{\"title\":"
                           "\"Grüße ✓\"}}")
                .toUtf8(),
            &message, &error, &id));
        QCOMPARE(message.params.toObject().value(QStringLiteral("title")).toString(),
                 QStringLiteral("Grüße ✓"));
    }

    // Issue 24 finding 5: the parsed values no longer tell 1 from 1.0, so the message carries the
    // first number its line writes otherwise than canonical JSON.
    void nonCanonicalNumbersAreNamed()
    {
        RpcMessage message;
        RpcError error;
        QJsonValue id;
        QVERIFY(parseRpcLine(
            R"j({"jsonrpc":"2.0","id":1,"method":"review","params":{"payload":{"n":1,"x":0.5}}})j", &message,
            &error, &id));
        QVERIFY(!message.nonCanonicalNumber);
        QVERIFY(parseRpcLine(
            R"j({"jsonrpc":"2.0","id":2,"method":"review","params":{"payload":{"s":"1.0","n":1.0,"m":1e0}}})j",
            &message, &error, &id));
        QVERIFY(message.nonCanonicalNumber);
        QCOMPARE(message.nonCanonicalNumber->written, QByteArray("1.0"));
        QCOMPARE(message.nonCanonicalNumber->canonical, QByteArray("1"));
        // The whole line counts, the id too; a trailing '\r' is not part of a number.
        QVERIFY(parseRpcLine(R"j({"jsonrpc":"2.0","id":3.0,"method":"ping"})j", &message, &error, &id));
        QCOMPARE(message.nonCanonicalNumber->written, QByteArray("3.0"));
        QVERIFY(parseRpcLine("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\"params\":[5]}\r", &message,
                             &error, &id));
        QVERIFY(!message.nonCanonicalNumber);
    }

    void idsRoundTrip_data()
    {
        QTest::addColumn<QByteArray>("idText");
        QTest::newRow("one") << QByteArray("1");
        QTest::newRow("zero") << QByteArray("0");
        QTest::newRow("negative") << QByteArray("-17");
        QTest::newRow("large") << QByteArray("9007199254740991");
        QTest::newRow("string") << QByteArray("\"req-1\"");
        QTest::newRow("numeric string") << QByteArray("\"1\"");
        QTest::newRow("unicode string") << QStringLiteral("\"ид-✓\"").toUtf8();
        QTest::newRow("escaped string") << QByteArray("\"a\\\"b\\nc\"");
    }

    void idsRoundTrip()
    {
        QFETCH(QByteArray, idText);
        RpcMessage message;
        RpcError error;
        QJsonValue errorId;
        QVERIFY(parseRpcLine("{\"jsonrpc\":\"2.0\",\"id\":" + idText + ",\"method\":\"ping\"}", &message,
                             &error, &errorId));
        const QByteArray reply = rpcResult(message.id, QJsonObject{{QStringLiteral("pong"), true}});
        QVERIFY2(reply.contains("\"id\":" + idText), reply.constData());
        QVERIFY(reply.endsWith('\n'));
        QCOMPARE(reply.count('\n'), 1);
        const QByteArray errorReply =
            rpcError(message.id, makeRpcError(ErrorCode::Busy, QStringLiteral("busy")));
        QVERIFY2(errorReply.contains("\"id\":" + idText), errorReply.constData());
    }

    void resultShapes()
    {
        // A bare string result (Generic "approve") sits inside the response object.
        QJsonObject reply = parseLine(rpcResult(QJsonValue(7), QStringLiteral("approve")));
        QCOMPARE(reply.value(QStringLiteral("result")).toString(), QStringLiteral("approve"));
        QCOMPARE(reply.value(QStringLiteral("id")).toInt(), 7);
        QVERIFY(!reply.contains(QStringLiteral("error")));

        reply = parseLine(rpcResult(
            QJsonValue(1), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("accept")}}}));
        QCOMPARE(reply.value(QStringLiteral("result")).toArray().size(), 1);

        reply = parseLine(rpcResult(QJsonValue(QJsonValue::Undefined), QJsonValue(QJsonValue::Null)));
        QVERIFY(reply.value(QStringLiteral("id")).isNull());
        QVERIFY(reply.contains(QStringLiteral("result")));
        QVERIFY(reply.value(QStringLiteral("result")).isNull());

        // Text with newlines stays on one line.
        const QByteArray multi =
            rpcResult(QJsonValue(2), QJsonObject{{QStringLiteral("stdout"), QStringLiteral("a\nb\n")}});
        QCOMPARE(multi.count('\n'), 1);
        QCOMPARE(parseLine(multi)
                     .value(QStringLiteral("result"))
                     .toObject()
                     .value(QStringLiteral("stdout"))
                     .toString(),
                 QStringLiteral("a\nb\n"));
    }

    void errorShapes()
    {
        QJsonObject reply =
            parseLine(rpcError(QJsonValue(QStringLiteral("x")),
                               makeRpcError(ErrorCode::Kosa8Failed, QStringLiteral("kosa8 failed"),
                                            QJsonObject{{QStringLiteral("exit_code"), 3}})));
        QCOMPARE(reply.value(QStringLiteral("id")).toString(), QStringLiteral("x"));
        const QJsonObject body = reply.value(QStringLiteral("error")).toObject();
        QCOMPARE(body.value(QStringLiteral("code")).toInt(), -32010);
        QCOMPARE(body.value(QStringLiteral("message")).toString(), QStringLiteral("kosa8 failed"));
        QCOMPARE(body.value(QStringLiteral("data")).toObject().value(QStringLiteral("exit_code")).toInt(), 3);
        QVERIFY(!reply.contains(QStringLiteral("result")));

        // Without data there is no "data" member at all.
        reply = parseLine(
            rpcError(QJsonValue(QJsonValue::Null), makeRpcError(ErrorCode::ParseError, QStringLiteral("p"))));
        QVERIFY(reply.value(QStringLiteral("id")).isNull());
        QVERIFY(!reply.value(QStringLiteral("error")).toObject().contains(QStringLiteral("data")));
    }

    void notification()
    {
        const QByteArray line = rpcNotification(
            QStringLiteral("run.output"), QJsonObject{{QStringLiteral("id"), 4},
                                                      {QStringLiteral("stream"), QStringLiteral("stdout")},
                                                      {QStringLiteral("data"), QStringLiteral("hi\n")}});
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        QVERIFY2(line.contains("\"id\":4"), line.constData());
        const QJsonObject message = parseLine(line);
        QCOMPARE(message.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
        QCOMPARE(message.value(QStringLiteral("method")).toString(), QStringLiteral("run.output"));
        QVERIFY(!message.contains(QStringLiteral("id")));
        QCOMPARE(message.value(QStringLiteral("params")).toObject().value(QStringLiteral("data")).toString(),
                 QStringLiteral("hi\n"));

        // What we send parses back as a notification.
        RpcMessage parsed;
        RpcError error;
        QJsonValue id;
        QVERIFY(parseRpcLine(line.chopped(1), &parsed, &error, &id));
        QVERIFY(parsed.isNotification);
    }

    void idText()
    {
        QCOMPARE(rpcIdText(QJsonValue(12)), QStringLiteral("12"));
        QCOMPARE(rpcIdText(QJsonValue(QStringLiteral("a b"))), QStringLiteral("a b"));
        QCOMPARE(rpcIdText(QJsonValue(QJsonValue::Null)), QStringLiteral("null"));
    }
};

QTEST_GUILESS_MAIN(TestJsonRpc)
#include "tst_jsonrpc.moc"
