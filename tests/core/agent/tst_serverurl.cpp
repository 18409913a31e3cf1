// SPDX-License-Identifier: Apache-2.0
// A LangGraph server's URL: what keeps one from naming a server (serverUrlFault, the one check of
// Settings, --langgraph and a server's configuration) and the spelling that compares
// (serverUrlKey, for rules and for watching an address once).
#include "agent/request/RequestOrigin.h"

#include <QUrl>
#include <QtTest>

using namespace k8::agent;

Q_DECLARE_METATYPE(k8::agent::ServerUrlFault)

class TstServerUrl : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void faultAndKey_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<ServerUrlFault>("fault");
        QTest::addColumn<QString>("key");

        QTest::newRow("local") << "http://127.0.0.1:2024" << ServerUrlFault::None << "http://127.0.0.1:2024";
        QTest::newRow("trailing slashes")
            << "http://127.0.0.1:2024//" << ServerUrlFault::None << "http://127.0.0.1:2024";
        QTest::newRow("upper case, default port") << "HTTPS://Graphs.Example.COM:443/api/"
                                                  << ServerUrlFault::None << "https://graphs.example.com/api";
        QTest::newRow("http default port") << "http://host:80/" << ServerUrlFault::None << "http://host";
        QTest::newRow("other port kept") << "https://host:80" << ServerUrlFault::None << "https://host:80";
        QTest::newRow("no host") << "http:///path" << ServerUrlFault::NotHttpWithHost << "";
        QTest::newRow("not http") << "ftp://host/" << ServerUrlFault::NotHttpWithHost << "";
        QTest::newRow("no scheme") << "127.0.0.1:2024" << ServerUrlFault::NotHttpWithHost << "";
        QTest::newRow("empty") << "" << ServerUrlFault::NotHttpWithHost << "";
        QTest::newRow("query") << "http://host/?a=1" << ServerUrlFault::QueryOrFragment << "";
        QTest::newRow("fragment") << "http://host/#top" << ServerUrlFault::QueryOrFragment << "";
        QTest::newRow("user name") << "http://me@host/" << ServerUrlFault::UserInfo << "";
        QTest::newRow("user and password") << "https://me:secret@host/" << ServerUrlFault::UserInfo << "";
    }

    void faultAndKey()
    {
        QFETCH(QString, url);
        QFETCH(ServerUrlFault, fault);
        QFETCH(QString, key);
        QCOMPARE(serverUrlFault(QUrl(url, QUrl::StrictMode)), fault);
        QCOMPARE(serverUrlKey(url), key);
        // The key is a server's URL itself, and its own key.
        if (!key.isEmpty()) {
            QCOMPARE(serverUrlFault(QUrl(key, QUrl::StrictMode)), ServerUrlFault::None);
            QCOMPARE(serverUrlKey(key), key);
        }
    }
};

QTEST_GUILESS_MAIN(TstServerUrl)
#include "tst_serverurl.moc"
