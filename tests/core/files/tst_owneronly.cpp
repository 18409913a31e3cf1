// SPDX-License-Identifier: Apache-2.0
// Files under the data folder are the owner's alone, whatever the umask (issue 24, finding 7):
// the helper itself, and each core writer under the data folder, all under umask 022.
#include "agent/rules/Rules.h"
#include "files/OwnerOnly.h"
#include "timeline/TimelineStore.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using k8::files::OwnerOnly;

namespace {

// The permission bits of a path, not following a symbolic link; -1 when it is not there.
int modeOf(const QString& path)
{
    struct stat st = {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

QByteArray octal(int mode)
{
    return QByteArray::number(mode, 8);
}

} // namespace

class TestOwnerOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { m_previousUmask = ::umask(022); }
    void cleanup() { ::umask(m_previousUmask); }

    void makeFolderIsOwnerOnlyAndLeavesParentsAlone()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                      QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                                      QFileDevice::ExeOther));
        const int parentMode = modeOf(dir.path());
        const QString data = dir.filePath(QStringLiteral("data"));
        QString error;
        QVERIFY2(OwnerOnly::makeFolder(data, &error), qPrintable(error));
        QCOMPARE(octal(modeOf(data)), octal(0700));
        QCOMPARE(octal(modeOf(dir.path())), octal(parentMode));
        // An existing, looser folder becomes owner-only too.
        QVERIFY(QFile::setPermissions(data, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                                QFileDevice::ExeGroup));
        QVERIFY(OwnerOnly::makeFolder(data));
        QCOMPARE(octal(modeOf(data)), octal(0700));
    }

    void savedAndAppendedFilesAreOwnerOnly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString saved = dir.filePath(QStringLiteral("saved.json"));
        QSaveFile file(saved);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(OwnerOnly::restrictFile(file));
        QVERIFY(file.write("{}") == 2);
        QVERIFY(file.commit());
        QCOMPARE(octal(modeOf(saved)), octal(0600));

        const QString made = dir.filePath(QStringLiteral("settings.ini"));
        QVERIFY(OwnerOnly::ensureFile(made));
        QCOMPARE(octal(modeOf(made)), octal(0600));
        QVERIFY(OwnerOnly::ensureFile(made)); // there already: kept as it is
        QVERIFY(OwnerOnly::restrictFile(dir.filePath(QStringLiteral("missing"))));
    }

    void tightenTreeTakesGroupAndOthersAway()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QTemporaryDir outside;
        QVERIFY(outside.isValid());
        const QString data = dir.filePath(QStringLiteral("data"));
        QVERIFY(QDir().mkpath(data + QStringLiteral("/logs")));
        for (const QString& name : {QStringLiteral("ledger.jsonl"), QStringLiteral("logs/kosa8-desk.log"),
                                    QStringLiteral(".hidden")}) {
            QFile file(data + u'/' + name);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        const QString target = outside.filePath(QStringLiteral("theirs"));
        {
            QFile file(target);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        QVERIFY(QFile::link(target, data + QStringLiteral("/link")));
        QCOMPARE(octal(modeOf(data + QStringLiteral("/ledger.jsonl"))), octal(0644)); // the umask's
        const int targetMode = modeOf(target);

        QCOMPARE(OwnerOnly::tightenTree(data), 5); // data, logs and the three files
        QCOMPARE(octal(modeOf(data)), octal(0700));
        QCOMPARE(octal(modeOf(data + QStringLiteral("/logs"))), octal(0700));
        QCOMPARE(octal(modeOf(data + QStringLiteral("/ledger.jsonl"))), octal(0600));
        QCOMPARE(octal(modeOf(data + QStringLiteral("/logs/kosa8-desk.log"))), octal(0600));
        QCOMPARE(octal(modeOf(data + QStringLiteral("/.hidden"))), octal(0600));
        QCOMPARE(octal(modeOf(target)), octal(targetMode)); // a link is not followed
        QCOMPARE(OwnerOnly::tightenTree(data), 0);
        QCOMPARE(OwnerOnly::tightenTree(dir.filePath(QStringLiteral("none"))), -1);
    }

    void rulesFileIsOwnerOnly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        k8::agent::RuleSet rules;
        k8::agent::Rule rule;
        rule.name = QStringLiteral("no-bot");
        rule.decision = k8::agent::Rule::Decision::Reject;
        rule.agent = QStringLiteral("bot");
        QString error;
        QVERIFY2(rules.add(rule, &error), qPrintable(error));
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        QVERIFY2(rules.save(path, &error), qPrintable(error));
        QCOMPARE(octal(modeOf(path)), octal(0600));
    }

    void timelineFilesAreOwnerOnly()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        k8::timeline::TimelineStore store(dir.path());
        QString error;
        QVERIFY2(store.setBaseCheckpoint(QStringLiteral("code-runner"), QStringLiteral("clean"), &error),
                 qPrintable(error));
        QCOMPARE(octal(modeOf(store.path())), octal(0600));

        k8::timeline::RunResult result;
        result.time = QDateTime::currentDateTimeUtc();
        result.sandbox = QStringLiteral("code-runner");
        result.ran = true;
        result.exitCode = 0;
        const QString log = k8::timeline::RunResultLog::pathIn(dir.path());
        QVERIFY2(k8::timeline::RunResultLog::append(log, result, &error), qPrintable(error));
        QCOMPARE(octal(modeOf(log)), octal(0600));
    }

private:
    mode_t m_previousUmask = 0;
};

QTEST_GUILESS_MAIN(TestOwnerOnly)
#include "tst_owneronly.moc"
