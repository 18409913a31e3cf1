// SPDX-License-Identifier: Apache-2.0
// Issue 24, finding 7: everything under the data folder is its owner's alone, whatever the umask.
// The real kosa8-desk starts under umask 022 on a data folder an older version left readable by
// others; after a request a rule decides and a run it approves, and again after the app exits,
// every folder under the data folder is 0700 and every file 0600.
#include "support/AgentTestClient.h"
#include "support/DeskProcess.h"
#include "support/E2eBinaries.h"
#include "support/ServiceFolders.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

#include <sys/stat.h>

using k8::test::AgentTestClient;

namespace {

constexpr int Wait = k8::test::waits::Process;

// Every entry under `folder` (and the folder) that is not 0700 (folders) or 0600 (files), as
// "path mode" lines; symbolic links are not followed.
QStringList looseEntries(const QString& folder)
{
    QStringList loose;
    auto check = [&loose](const QString& path) {
        struct stat st = {};
        if (::lstat(QFile::encodeName(path).constData(), &st) != 0 || S_ISLNK(st.st_mode))
            return;
        const int mode = int(st.st_mode & 07777);
        const int wanted = S_ISDIR(st.st_mode) ? 0700 : 0600;
        if (mode != wanted)
            loose.append(QStringLiteral("%1 %2").arg(path).arg(mode, 4, 8, QLatin1Char('0')));
    };
    check(folder);
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        check(it.next());
    return loose;
}

QStringList namesUnder(const QString& folder)
{
    QStringList names;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        names.append(QDir(folder).relativeFilePath(it.next()));
    names.sort();
    return names;
}

} // namespace

class TestE2eDataModes : public QObject, private k8::test::ServiceFolders, private k8::test::E2eBinaries
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const QString missing = locateBinaries();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init() { QVERIFY(setUpFolders()); }
    void cleanup() { tearDownFolders(); }

    void everythingUnderTheDataFolderIsOwnerOnly()
    {
        const QString code = QStringLiteral("print('modes')");
        QProcess create;
        create.start(m_standin,
                     {QStringLiteral("sandbox"), QStringLiteral("create"), QStringLiteral("code-runner")});
        QVERIFY(create.waitForFinished(Wait));
        QCOMPARE(create.exitCode(), 0);
        const QString rules = m_dir->filePath(QStringLiteral("team-rules.json"));
        {
            QFile file(rules);
            QVERIFY(file.open(QIODevice::WriteOnly));
            const QString hash = QString::fromLatin1(
                QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha256).toHex());
            file.write(QJsonDocument(QJsonObject{{QStringLiteral("rules"),
                                                  QJsonArray{QJsonObject{
                                                      {QStringLiteral("name"), QStringLiteral("modes")},
                                                      {QStringLiteral("decision"), QStringLiteral("approve")},
                                                      {QStringLiteral("code_sha256"), hash}}}}})
                           .toJson());
        }
        // What an older version left under umask 022: a 0755 folder and a 0644 rotated log.
        QVERIFY(QDir().mkpath(dataDir() + QStringLiteral("/logs")));
        QVERIFY(QFile::setPermissions(dataDir(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                     QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                                     QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                                     QFileDevice::ExeOther));
        {
            QFile old(dataDir() + QStringLiteral("/logs/kosa8-desk.1.log"));
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("2026-01-01 00:00:00.000 [info] agent text from before\n");
            QVERIFY(old.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                       QFileDevice::ReadGroup | QFileDevice::ReadOther));
        }

        k8::test::DeskProcess desk(m_binary, m_standin, dataDir(), socketPath(), stateDir());
        desk.setChildSetup([] { ::umask(022); });
        desk.start({QStringLiteral("--rules"), rules});
        AgentTestClient agent;
        QVERIFY2(desk.connect(agent), desk.process().readAllStandardError().constData());

        const QJsonValue reviewed =
            agent.waitForResult(agent.request(QStringLiteral("review"),
                                              k8::test::codeReviewParams(code, QStringLiteral("modes-bot"))),
                                Wait);
        QCOMPARE(reviewed.toString(), QStringLiteral("approve"));
        const QJsonValue run = agent.request(
            QStringLiteral("run"), QJsonObject{{QStringLiteral("code"), code},
                                               {QStringLiteral("agent"), QStringLiteral("modes-bot")}});
        QTRY_VERIFY_WITH_TIMEOUT(agent.hasResponse(run), Wait);
        QCOMPARE(
            agent.response(run).value(QStringLiteral("result")).toObject().value(QStringLiteral("decision")),
            QJsonValue(QStringLiteral("approve")));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dataDir() + QStringLiteral("/run-results.jsonl")), Wait);

        const QStringList files = namesUnder(dataDir());
        for (const QString& name : {QStringLiteral("ledger.jsonl"), QStringLiteral("logs/kosa8-desk.log"),
                                    QStringLiteral("run-results.jsonl")})
            QVERIFY2(files.contains(name), qPrintable(files.join(u' ')));
        QStringList loose = looseEntries(dataDir());
        QVERIFY2(loose.isEmpty(),
                 qPrintable(QStringLiteral("while running: ") + loose.join(QStringLiteral(", "))));

        QCOMPARE(desk.terminate(), 0);
        loose = looseEntries(dataDir());
        QVERIFY2(loose.isEmpty(),
                 qPrintable(QStringLiteral("after exit: ") + loose.join(QStringLiteral(", "))));
    }
};

QTEST_GUILESS_MAIN(TestE2eDataModes)
#include "tst_e2e_data_modes.moc"
