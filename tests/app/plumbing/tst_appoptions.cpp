// SPDX-License-Identifier: Apache-2.0
#include "plumbing/AppOptions.h"

#include <QDir>
#include <QtTest>

using k8::app::AppOptionsParser;
using Action = AppOptionsParser::Action;

class TestAppOptions : public QObject
{
    Q_OBJECT

    static QStringList args(const QStringList& rest)
    {
        return QStringList{QStringLiteral("kosa8-desk")} + rest;
    }

private Q_SLOTS:
    void defaults()
    {
        AppOptionsParser parser;
        QCOMPARE(parser.parse(args({})), Action::Run);
        QCOMPARE(parser.options().kosa8Path, QStringLiteral("kosa8"));
        QCOMPARE(parser.options().dataDir, QDir(AppOptionsParser::defaultDataDir()).absolutePath());
        QVERIFY(!parser.options().verbose);
        QVERIFY(parser.options().socketPath.isEmpty());
    }

    void everyOption()
    {
        AppOptionsParser parser;
        QCOMPARE(
            parser.parse(args(
                {QStringLiteral("--kosa8"), QStringLiteral("/opt/k/kosa8"), QStringLiteral("--data-dir"),
                 QStringLiteral("/tmp/k8data"), QStringLiteral("--socket"), QStringLiteral("/tmp/s.sock"),
                 QStringLiteral("--rules"), QStringLiteral("/etc/rules.json"), QStringLiteral("--verbose")})),
            Action::Run);
        QCOMPARE(parser.options().kosa8Path, QStringLiteral("/opt/k/kosa8"));
        QCOMPARE(parser.options().dataDir, QStringLiteral("/tmp/k8data"));
        QCOMPARE(parser.options().socketPath, QStringLiteral("/tmp/s.sock"));
        QCOMPARE(parser.options().rulesFile, QStringLiteral("/etc/rules.json"));
        QVERIFY(parser.options().verbose);
    }

    void environmentNamesKosa8UnlessTheFlagDoes()
    {
        AppOptionsParser parser;
        QCOMPARE(parser.parse(args({}), QStringLiteral("/env/kosa8")), Action::Run);
        QCOMPARE(parser.options().kosa8Path, QStringLiteral("/env/kosa8"));
        QCOMPARE(parser.parse(args({QStringLiteral("--kosa8"), QStringLiteral("/flag/kosa8")}),
                              QStringLiteral("/env/kosa8")),
                 Action::Run);
        QCOMPARE(parser.options().kosa8Path, QStringLiteral("/flag/kosa8"));
    }

    void relativeDataDirBecomesAbsolute()
    {
        AppOptionsParser parser;
        QCOMPARE(parser.parse(args({QStringLiteral("--data-dir"), QStringLiteral("rel/dir")})), Action::Run);
        QCOMPARE(parser.options().dataDir, QDir::current().absoluteFilePath(QStringLiteral("rel/dir")));
    }

    // --langgraph, repeatable: each an http or https URL with a host; anything else is refused
    // before the app starts, naming what was given.
    void langGraphServers()
    {
        AppOptionsParser parser;
        QCOMPARE(
            parser.parse(args({QStringLiteral("--langgraph"), QStringLiteral("http://127.0.0.1:2024"),
                               QStringLiteral("--langgraph"), QStringLiteral("https://lg.example/api")})),
            Action::Run);
        QCOMPARE(parser.options().langGraphUrls, (QStringList{QStringLiteral("http://127.0.0.1:2024"),
                                                              QStringLiteral("https://lg.example/api")}));
        QCOMPARE(parser.parse(args({})), Action::Run);
        QVERIFY(parser.options().langGraphUrls.isEmpty());
        for (const QString& bad : {QStringLiteral("127.0.0.1:2024"), QStringLiteral("ftp://host/"),
                                   QStringLiteral("http://"), QStringLiteral("http://host/?q=1")}) {
            QCOMPARE(parser.parse(args({QStringLiteral("--langgraph"), bad})), Action::Error);
            QVERIFY2(parser.errorText().contains(bad), qPrintable(parser.errorText()));
        }
        // A user name or password is refused, and the password is not repeated in the error.
        QCOMPARE(parser.parse(args(
                     {QStringLiteral("--langgraph"), QStringLiteral("http://me:s3cret@lg.example:2024")})),
                 Action::Error);
        QVERIFY2(parser.errorText().contains(QStringLiteral("without a user name or password")),
                 qPrintable(parser.errorText()));
        QVERIFY2(parser.errorText().contains(QStringLiteral("http://lg.example:2024")),
                 qPrintable(parser.errorText()));
        QVERIFY2(!parser.errorText().contains(QStringLiteral("s3cret")), qPrintable(parser.errorText()));
    }

    void helpVersionAndErrors()
    {
        AppOptionsParser parser;
        QCOMPARE(parser.parse(args({QStringLiteral("--help")})), Action::PrintHelp);
        QVERIFY(parser.helpText().contains(QStringLiteral("--data-dir")));
        QCOMPARE(parser.parse(args({QStringLiteral("--version")})), Action::PrintVersion);
        QCOMPARE(parser.parse(args({QStringLiteral("--bogus")})), Action::Error);
        QVERIFY(parser.errorText().contains(QStringLiteral("bogus")));
        QCOMPARE(parser.parse(args({QStringLiteral("stray")})), Action::Error);
        QCOMPARE(parser.parse(args({QStringLiteral("--kosa8")})), Action::Error);
    }

    void verifyLedgerDefaultsToTheDataFolder()
    {
        AppOptionsParser parser;
        QCOMPARE(parser.parse(args({QStringLiteral("--data-dir"), QStringLiteral("/d"),
                                    QStringLiteral("--verify-ledger")})),
                 Action::VerifyLedger);
        QCOMPARE(parser.options().verifyLedgerFile, QStringLiteral("/d/ledger.jsonl"));
        QCOMPARE(parser.parse(args({QStringLiteral("--verify-ledger"), QStringLiteral("/x/l.jsonl")})),
                 Action::VerifyLedger);
        QCOMPARE(parser.options().verifyLedgerFile, QStringLiteral("/x/l.jsonl"));
    }

    void consoleOnlyDetection()
    {
        QByteArray a0("kosa8-desk"), a1("--help"), a2("--verbose");
        char* helpArgv[] = {a0.data(), a1.data()};
        char* runArgv[] = {a0.data(), a2.data()};
        QVERIFY(AppOptionsParser::wantsConsoleOnly(2, helpArgv));
        QVERIFY(!AppOptionsParser::wantsConsoleOnly(2, runArgv));
    }
};

QTEST_GUILESS_MAIN(TestAppOptions)
#include "tst_appoptions.moc"
