// SPDX-License-Identifier: Apache-2.0
// The history against the kosa8 stand-in: `audit ls` streamed through the app's Kosa8Runner into
// the store and the model, both output formats, garbage, a refresh, and both verifications.
#include "agent/ledger/Ledger.h"
#include "history/AuditHistory.h"
#include "history/AuditLoader.h"
#include "history/AuditTableModel.h"
#include "history/AuditVerifier.h"
#include "kosa8/Kosa8Runner.h"
#include "support/Waits.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace k8::history;
using k8::kosa8::ConnectionProfile;
using k8::kosa8::Kosa8Runner;

namespace {

constexpr int WaitMs = k8::test::waits::Standin;

} // namespace

class TstAuditLoader : public QObject
{
    Q_OBJECT
private:
    std::unique_ptr<QTemporaryDir> m_state;
    std::unique_ptr<Kosa8Runner> m_runner;

    Kosa8Runner* runner(const QMap<QString, QString>& env = {})
    {
        m_runner = std::make_unique<Kosa8Runner>();
        ConnectionProfile connection;
        connection.executable = qEnvironmentVariable("KOSA8_STANDIN");
        connection.extraEnvironment = env;
        connection.extraEnvironment.insert(QStringLiteral("KOSA8_STANDIN_STATE"), m_state->path());
        if (QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
            connection.extraEnvironment.insert(QStringLiteral("PATH"),
                                               QStringLiteral("/usr/bin:") + qEnvironmentVariable("PATH"));
        m_runner->setConnection(connection);
        return m_runner.get();
    }

    // Runs a stand-in command to completion (to make audit entries).
    void kosa8(const QStringList& args)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KOSA8_STANDIN_STATE"), m_state->path());
        process.setProcessEnvironment(env);
        process.start(qEnvironmentVariable("KOSA8_STANDIN"), args);
        QVERIFY(process.waitForFinished(WaitMs));
        QCOMPARE(process.exitCode(), 0);
    }

    static AuditLoadResult waitLoaded(AuditHistory* history)
    {
        QSignalSpy done(history, &AuditHistory::loadFinished);
        QSignalSpy filtered(history, &AuditHistory::filterApplied);
        if (!done.wait(WaitMs))
            return {};
        if (history->isFiltering() && !filtered.wait(WaitMs))
            return {};
        return done.first().at(0).value<AuditLoadResult>();
    }

private Q_SLOTS:
    void init()
    {
        m_state = std::make_unique<QTemporaryDir>();
        QVERIFY(m_state->isValid());
    }
    void cleanup()
    {
        m_runner.reset();
        m_state.reset();
    }

    void streamsTableIntoTheModel()
    {
        AuditHistory history(
            runner({{QStringLiteral("KOSA8_STANDIN_AUDIT_SYNTHETIC"), QStringLiteral("30000")}}));
        QAbstractItemModelTester tester(history.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy grew(&history, &AuditHistory::rowsLoaded);
        history.reload();
        const AuditLoadResult result = waitLoaded(&history);
        QVERIFY(result.job.ok());
        QCOMPARE(result.format, AuditStreamParser::Format::Table);
        QCOMPARE(result.kosa8Stored, 30000);
        QCOMPARE(result.problems, 0);
        QCOMPARE(history.model()->rowCount(), 30000);
        // The rows came in more than one piece: the model grew while kosa8 was still printing.
        QVERIFY(grew.size() > 1);
        QCOMPARE(history.store()->textString(0, TextField::Hash),
                 QStringLiteral("6d3b6b26c3123848de528706981dea039d4a7305cc5fa60cd1d2d674794b89e8"));
        QCOMPARE(history.store()->previousHash(1), history.store()->textString(0, TextField::Hash));
        // Twenty sandboxes, interned once each.
        QCOMPARE(history.store()->names(NameColumn::Sandbox).size(), 21);

        AuditFilter filter;
        filter.actor = QStringLiteral("agent");
        filter.sandbox = QStringLiteral("box-03");
        QSignalSpy applied(&history, &AuditHistory::filterApplied);
        history.setFilter(filter);
        QVERIFY(applied.wait(WaitMs));
        QVERIFY(history.model()->rowCount() > 0);
        for (int r = 0; r < history.model()->rowCount(); ++r) {
            QCOMPARE(history.model()->index(r, int(AuditColumn::Actor)).data().toString(),
                     QStringLiteral("agent"));
            QCOMPARE(history.model()->index(r, int(AuditColumn::Sandbox)).data().toString(),
                     QStringLiteral("box-03"));
        }
    }

    void jsonThroughTheProfile()
    {
        Kosa8Runner* r = runner({{QStringLiteral("KOSA8_STANDIN_AUDIT_SYNTHETIC"), QStringLiteral("500")}});
        auto profile = k8::kosa8::CommandProfile::builtIn();
        QString error;
        QVERIFY2(profile.loadOverridesFromJson(
                     R"({"operations": {"audit.ls": ["audit", "ls", "--format", "json"]}})",
                     QStringLiteral("test"), &error),
                 qPrintable(error));
        r->setProfile(profile);
        AuditHistory history(r);
        history.reload();
        const AuditLoadResult result = waitLoaded(&history);
        QCOMPARE(result.format, AuditStreamParser::Format::JsonArray);
        QCOMPARE(result.kosa8Stored, 500);
        QCOMPARE(result.problems, 0);
        QCOMPARE(history.model()->rowCount(), 500);
    }

    void garbageIsCountedWithLineNumbers()
    {
        AuditHistory history(runner({{QStringLiteral("KOSA8_STANDIN_FAULT"),
                                      QStringLiteral(R"({"audit ls": {"mode": "garbage"}})")}}));
        history.reload();
        const AuditLoadResult result = waitLoaded(&history);
        QCOMPARE(result.kosa8Stored, 0);
        QCOMPARE(result.problems, 12);
        const QList<AuditProblem> problems = history.store()->problems();
        QCOMPARE(problems.size(), 12);
        for (int i = 0; i < 12; ++i)
            QCOMPARE(problems[i].lineNumber, i + 1);
        QVERIFY(problems[0].text.startsWith(QStringLiteral("~0~")));
    }

    void ansiAndCrlfFromTheStandin()
    {
        kosa8({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1"),
               QStringLiteral("--egress"), QStringLiteral("deny")});
        kosa8({QStringLiteral("checkpoint"), QStringLiteral("box1"), QStringLiteral("--label"),
               QStringLiteral("one")});
        for (const char* mode : {"ansi", "crlf"}) {
            AuditHistory history(
                runner({{QStringLiteral("KOSA8_STANDIN_FAULT"),
                         QStringLiteral(R"({"audit ls": {"mode": "%1"}})").arg(QLatin1String(mode))}}));
            history.reload();
            const AuditLoadResult result = waitLoaded(&history);
            QCOMPARE(result.problems, 0);
            QCOMPARE(result.kosa8Stored, 2);
            QCOMPARE(history.model()->index(1, int(AuditColumn::Action)).data().toString(),
                     QStringLiteral("checkpoint.create"));
            QCOMPARE(history.store()->textString(1, TextField::Hash).size(), 64);
        }
    }

    void refreshReadsOnlyWhatIsNewAndMergesTheLedger()
    {
        kosa8({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1"),
               QStringLiteral("--egress"), QStringLiteral("deny")});
        const QString ledgerPath = m_state->filePath(QStringLiteral("ledger.jsonl"));
        k8::agent::Ledger ledger;
        QString error;
        QVERIFY2(ledger.open(ledgerPath, &error), qPrintable(error));
        k8::agent::LedgerRecord record;
        record.requestId = QStringLiteral("1");
        record.agent = QStringLiteral("langgraph");
        record.method = QStringLiteral("run");
        record.payloadSha256 = QString(64, QLatin1Char('b'));
        record.decision = QStringLiteral("approve");
        record.decidedBy = QStringLiteral("person");
        record.sandbox = QStringLiteral("box1");
        record.title = QStringLiteral("Describe the data");
        QVERIFY2(ledger.append(record, &error), qPrintable(error));

        AuditHistory history(runner());
        history.setLedgerPath(ledgerPath);
        QAbstractItemModelTester tester(history.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        history.reload();
        AuditLoadResult result = waitLoaded(&history);
        QCOMPARE(history.model()->rowCount(), 2);
        QCOMPARE(history.store()->rowCount(), 2);

        kosa8({QStringLiteral("sandbox"), QStringLiteral("stop"), QStringLiteral("box1")});
        record.requestId = QStringLiteral("2");
        record.decision = QStringLiteral("reject");
        record.decidedBy = QStringLiteral("timeout");
        QVERIFY2(ledger.append(record, &error), qPrintable(error));
        history.refresh();
        result = waitLoaded(&history);
        QCOMPARE(result.kosa8Stored, 1); // only the new kosa8 entry was stored again
        QCOMPARE(history.store()->rowCount(), 4);
        QCOMPARE(history.model()->rowCount(), 4);
        AuditFilter decisions;
        decisions.source = int(Source::Desk);
        QSignalSpy applied(&history, &AuditHistory::filterApplied);
        history.setFilter(decisions);
        QTRY_COMPARE_WITH_TIMEOUT(history.model()->rowCount(), 2, WaitMs);
        QCOMPARE(history.model()->index(1, int(AuditColumn::DecidedBy)).data().toString(),
                 QStringLiteral("timeout"));
        QCOMPARE(history.model()->index(1, int(AuditColumn::Actor)).data().toString(),
                 QStringLiteral("desk"));
    }

    // Issue 26: the first character typed is a pass over every row, each further one filters the
    // rows shown (narrowing), deleting one is a new pass (widening), and an empty box shows
    // everything. Each step shows what one pass over the store shows, in either case; kosa8's rows
    // and the ledger's are both there, merged by time.
    void typingNarrowsWidensAndClearsToTheSameRows()
    {
        const QString ledgerPath = m_state->filePath(QStringLiteral("ledger.jsonl"));
        k8::agent::Ledger ledger;
        QString error;
        QVERIFY2(ledger.open(ledgerPath, &error), qPrintable(error));
        k8::agent::LedgerRecord record;
        record.agent = QStringLiteral("langgraph");
        record.method = QStringLiteral("run");
        record.payloadSha256 = QString(64, QLatin1Char('b'));
        record.decision = QStringLiteral("approve");
        record.decidedBy = QStringLiteral("person");
        record.sandbox = QStringLiteral("box-01");
        for (const QString& title : {QStringLiteral("Step 12 by hand"), QStringLiteral("Something else")}) {
            record.requestId = title;
            record.title = title;
            QVERIFY2(ledger.append(record, &error), qPrintable(error));
        }

        // More rows than are filtered at once on the UI thread: every step goes through the runner.
        AuditHistory history(
            runner({{QStringLiteral("KOSA8_STANDIN_AUDIT_SYNTHETIC"), QStringLiteral("30000")}}));
        history.setLedgerPath(ledgerPath);
        QAbstractItemModelTester tester(history.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        history.reload();
        QVERIFY(waitLoaded(&history).job.ok());
        const std::shared_ptr<const AuditStore> store = history.store();
        QCOMPARE(store->rowCount(), 30002);

        const QStringList typing = {QStringLiteral("S"),
                                    QStringLiteral("St"),
                                    QStringLiteral("STE"),
                                    QStringLiteral("step"),
                                    QStringLiteral("step 1"),
                                    QStringLiteral("step 12"),
                                    QStringLiteral("step 1"),
                                    QStringLiteral("step"),
                                    QStringLiteral("STEP 12"),
                                    QStringLiteral("Step 12"),
                                    QString()};
        QHash<QString, qsizetype> shown;
        for (const QString& text : typing) {
            AuditFilter filter;
            filter.text = text;
            QSignalSpy applied(&history, &AuditHistory::filterApplied);
            history.setFilter(filter);
            QVERIFY2(history.isFiltering() || !applied.isEmpty(), qPrintable(text));
            if (applied.isEmpty())
                QVERIFY(applied.wait(WaitMs));
            QList<qint32> onePass = AuditFilterEngine::match(*store, 0, store->rowCount(), filter);
            AuditFilterEngine::sort(*store, &onePass, {});
            QVERIFY2(history.model()->rows() == onePass, qPrintable(text));
            shown.insert(text.toLower(), history.model()->rowCount());
        }
        // Steps 12, 120-129, 1200-1299 and 12000-12999 of kosa8's, and the decision titled so.
        QCOMPARE(shown.value(QStringLiteral("step 12")), 1 + 10 + 100 + 1000 + 1);
        QCOMPARE(shown.value(QStringLiteral("step")), 30001);
        QCOMPARE(shown.value(QString()), 30002);
    }

    void verifyBothChains()
    {
        kosa8({QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("box1"),
               QStringLiteral("--egress"), QStringLiteral("deny")});
        const QString ledgerPath = m_state->filePath(QStringLiteral("ledger.jsonl"));
        {
            k8::agent::Ledger ledger;
            QString error;
            QVERIFY(ledger.open(ledgerPath, &error));
            k8::agent::LedgerRecord record;
            record.requestId = QStringLiteral("1");
            record.agent = QStringLiteral("a");
            record.method = QStringLiteral("review");
            record.payloadSha256 = QString(64, QLatin1Char('c'));
            record.decision = QStringLiteral("approve");
            record.decidedBy = QStringLiteral("person");
            QVERIFY(ledger.append(record, &error));
        }
        AuditHistory history(runner());
        history.setLedgerPath(ledgerPath);
        QSignalSpy kosa8Done(history.verifier(), &AuditVerifier::kosa8Verified);
        QSignalSpy ledgerDone(history.verifier(), &AuditVerifier::ledgerVerified);
        QSignalSpy finished(history.verifier(), &AuditVerifier::finished);
        history.verify();
        QVERIFY(finished.wait(WaitMs));
        QCOMPARE(kosa8Done.size(), 1);
        QCOMPARE(ledgerDone.size(), 1);
        const auto k = kosa8Done.first().at(0).value<k8::kosa8::AuditVerifyResult>();
        QVERIFY(k.ok);
        QCOMPARE(k.verifiedCount, 1);
        const auto l = ledgerDone.first().at(0).value<k8::agent::LedgerVerifyResult>();
        QVERIFY(l.ok);
        QCOMPARE(l.entries, 1);
        QVERIFY(AuditVerifier::describe(l).contains(QStringLiteral("chains")));
    }

    void brokenChainSelectsTheFirstEntryThatDoesNotChain()
    {
        AuditHistory history(
            runner({{QStringLiteral("KOSA8_STANDIN_AUDIT_SYNTHETIC"), QStringLiteral("200")},
                    {QStringLiteral("KOSA8_STANDIN_AUDIT_SYNTHETIC_BROKEN"), QStringLiteral("57")}}));
        history.reload();
        waitLoaded(&history);
        QSignalSpy broken(&history, &AuditHistory::brokenEntryFound);
        QSignalSpy kosa8Done(history.verifier(), &AuditVerifier::kosa8Verified);
        history.verify();
        QVERIFY(broken.wait(WaitMs));
        QCOMPARE(broken.first().at(1).toLongLong(), 57);
        const qsizetype row = broken.first().at(0).value<qsizetype>();
        QCOMPARE(history.store()->row(row).seq, 57);
        QCOMPARE(history.model()->highlightedStoreRow(), row);
        const auto result = kosa8Done.first().at(0).value<k8::kosa8::AuditVerifyResult>();
        const auto job = kosa8Done.first().at(1).value<k8::kosa8::JobResult>();
        QVERIFY(!result.ok);
        QVERIFY(AuditVerifier::describe(result, job).contains(QStringLiteral("SEQ 57")));
        // The tampered entry's DETAIL really was printed changed.
        QVERIFY(history.store()->textString(row, TextField::Detail).endsWith(QStringLiteral("(tampered)")));
    }

    void failingCommandIsReported()
    {
        AuditHistory history(
            runner({{QStringLiteral("KOSA8_STANDIN_FAULT"),
                     QStringLiteral(R"({"audit ls": {"mode": "exit", "code": 3, "message": "nope"}})")}}));
        history.reload();
        const AuditLoadResult result = waitLoaded(&history);
        QCOMPARE(result.job.exitCode, 3);
        QVERIFY(!result.job.ok());
        QVERIFY(result.job.describeFailure().contains(QStringLiteral("nope")));
        QCOMPARE(history.model()->rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TstAuditLoader)
#include "tst_auditloader.moc"
