// SPDX-License-Identifier: Apache-2.0
#include "agent/ledger/Ledger.h"
#include "support/FileSizeLimit.h"
#include "support/Waits.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>

using namespace k8::agent;

namespace {

LedgerRecord record(const QString& id, const QString& decision, const QString& decidedBy,
                    const QString& code = QString())
{
    LedgerRecord r;
    r.requestId = id;
    r.agent = QStringLiteral("agent ✓");
    r.method = code.isEmpty() ? QStringLiteral("review") : QStringLiteral("run");
    r.payloadSha256 = QString(64, u'a');
    if (!code.isEmpty())
        r.codeSha256 =
            QString::fromLatin1(QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha256).toHex());
    r.decision = decision;
    r.decidedBy = decidedBy;
    r.title = QStringLiteral("Title \"%1\"").arg(id);
    return r;
}

QList<QByteArray> linesOf(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = file.readAll().split('\n');
    return lines;
}

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

bool appendBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Append) && file.write(bytes) == bytes.size();
}

// An independent canonical form for the flat entries of the ledger: keys in code-unit order,
// values as Qt writes them in compact JSON (strings and integers only).
QByteArray flatCanonical(const QJsonObject& object)
{
    QStringList keys = object.keys();
    std::sort(keys.begin(), keys.end());
    QByteArray out = "{";
    for (const QString& key : keys) {
        if (out.size() > 1)
            out += ',';
        QByteArray pair = QJsonDocument(QJsonObject{{key, object.value(key)}}).toJson(QJsonDocument::Compact);
        out += pair.mid(1, pair.size() - 2);
    }
    return out + '}';
}

QString sha256(const QByteArray& bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// A run as the service records it: where it runs and what was approved.
LedgerRecord runRecord(const QString& id, const QString& code)
{
    LedgerRecord r = record(id, QStringLiteral("edit"), QStringLiteral("person"), code);
    r.actionSha256 = sha256("{\"method\":\"run\"}" + id.toUtf8());
    r.sandbox = QStringLiteral("box-é");
    r.image = QStringLiteral("python:3.12-slim");
    r.language = QStringLiteral("python");
    r.checkpointLabel = QStringLiteral("before-%1-20260101T000000Z-3").arg(id);
    return r;
}

// Appends `count` entries to a fresh ledger at `path` and closes it; the last hash.
QString writeEntries(const QString& path, int count, const QString& decision = QStringLiteral("reject"))
{
    Ledger ledger;
    QString error;
    if (!ledger.open(path, &error))
        return {};
    for (int i = 1; i <= count; ++i) {
        if (!ledger.append(record(QString::number(i), decision, QStringLiteral("person")), &error))
            return {};
    }
    return ledger.lastHash();
}

QJsonObject readState(const QString& ledgerPath)
{
    QFile file(Ledger::statePath(ledgerPath));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

class TestLedger : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appendAndVerify()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data/ledger.jsonl"));
        Ledger ledger;
        QString error;
        QString warning;
        QVERIFY2(ledger.open(path, &error, &warning), qPrintable(error));
        QVERIFY(warning.isEmpty());
        QVERIFY(ledger.isOpen());
        QCOMPARE(ledger.lastSeq(), 0);
        QCOMPARE(ledger.lastHash(), QString(64, u'0'));
        QVERIFY2(ledger.append(record(QStringLiteral("1"), QStringLiteral("approve"),
                                      QStringLiteral("person"), QStringLiteral("print(1)")),
                               &error),
                 qPrintable(error));
        QVERIFY(ledger.append(
            record(QStringLiteral("r-2"), QStringLiteral("reject"), QStringLiteral("rule:no-bot")), &error));
        QVERIFY(ledger.append(
            record(QStringLiteral("3"), QStringLiteral("reject"), QStringLiteral("timeout")), &error));
        QCOMPARE(ledger.lastSeq(), 3);

        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 3);
        QCOMPARE(result.firstBadSeq, -1);
        QVERIFY(result.tornLines.isEmpty());
        QVERIFY(result.message.contains(QStringLiteral("3 entries chain")));
    }

    void chainFormatRecomputed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QVERIFY(ledger.append(record(QStringLiteral("7"), QStringLiteral("edit"), QStringLiteral("person"),
                                     QStringLiteral("print('é')")),
                              &error));
        QVERIFY(ledger.append(
            record(QStringLiteral("8"), QStringLiteral("reject"), QStringLiteral("withdrawn")), &error));

        const QList<QByteArray> lines = linesOf(path);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines.last().isEmpty()); // every entry ends with '\n'
        QString prev(64, u'0');
        for (int i = 0; i < 2; ++i) {
            const QJsonObject entry = QJsonDocument::fromJson(lines.at(i)).object();
            QCOMPARE(entry.value(QStringLiteral("seq")).toInteger(), i + 1);
            QCOMPARE(entry.value(QStringLiteral("prev")).toString(), prev);
            QVERIFY(QDateTime::fromString(entry.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs)
                        .isValid());
            QCOMPARE(entry.value(QStringLiteral("agent")).toString(), QStringLiteral("agent ✓"));
            QCOMPARE(entry.value(QStringLiteral("payload_sha256")).toString(), QString(64, u'a'));
            QVERIFY(entry.contains(QStringLiteral("decided_by")));
            QVERIFY(entry.contains(QStringLiteral("request")));
            QVERIFY(entry.contains(QStringLiteral("method")));
            QVERIFY(entry.contains(QStringLiteral("decision")));
            // The stored line is the canonical JSON of the whole entry.
            QCOMPARE(lines.at(i), flatCanonical(entry));
            QJsonObject withoutHash = entry;
            withoutHash.remove(QStringLiteral("hash"));
            const QString expected = sha256(prev.toUtf8() + flatCanonical(withoutHash));
            QCOMPARE(entry.value(QStringLiteral("hash")).toString(), expected);
            QCOMPARE(Ledger::entryHash(withoutHash), expected);
            prev = expected;
        }
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(first.value(QStringLiteral("request")).toString(), QStringLiteral("7"));
        QCOMPARE(first.value(QStringLiteral("decision")).toString(), QStringLiteral("edit"));
        QCOMPARE(first.value(QStringLiteral("code_sha256")).toString(),
                 sha256(QStringLiteral("print('é')").toUtf8()));
        const QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
        QVERIFY(!second.contains(QStringLiteral("code_sha256"))); // no code, no field
        QCOMPARE(second.value(QStringLiteral("decided_by")).toString(), QStringLiteral("withdrawn"));
        QCOMPARE(second.value(QStringLiteral("title")).toString(), QStringLiteral("Title \"8\""));
        QCOMPARE(ledger.lastHash(), prev);
    }

    // issue 7, finding 10: a run's entry says where it ran and what was approved, inside the hash.
    void runFieldsAreRecordedAndHashed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        const LedgerRecord run = runRecord(QStringLiteral("r-1"), QStringLiteral("print(1)"));
        QVERIFY2(ledger.append(run, &error), qPrintable(error));
        LedgerRecord noCheckpoint = runRecord(QStringLiteral("r-2"), QStringLiteral("echo hi"));
        noCheckpoint.checkpointLabel.clear();
        noCheckpoint.language = QStringLiteral("bash");
        QVERIFY(ledger.append(noCheckpoint, &error));
        QVERIFY(ledger.append(
            record(QStringLiteral("3"), QStringLiteral("reject"), QStringLiteral("timeout")), &error));

        const QList<QByteArray> lines = linesOf(path);
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(first.value(QStringLiteral("action_sha256")).toString(), run.actionSha256);
        QCOMPARE(first.value(QStringLiteral("sandbox")).toString(), QStringLiteral("box-é"));
        QCOMPARE(first.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.12-slim"));
        QCOMPARE(first.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        QCOMPARE(first.value(QStringLiteral("checkpoint")).toString(), run.checkpointLabel);
        const QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
        QVERIFY(!second.contains(QStringLiteral("checkpoint"))); // no checkpoint taken: no field
        QCOMPARE(second.value(QStringLiteral("language")).toString(), QStringLiteral("bash"));
        const QJsonObject third = QJsonDocument::fromJson(lines.at(2)).object();
        for (const char* key : {"action_sha256", "sandbox", "image", "language", "checkpoint"})
            QVERIFY2(!third.contains(QLatin1String(key)), key); // empty fields are left out
        // Each line is still the canonical entry, and the new fields are part of its hash.
        QString prev(64, u'0');
        for (int i = 0; i < 3; ++i) {
            const QJsonObject entry = QJsonDocument::fromJson(lines.at(i)).object();
            QCOMPARE(lines.at(i), flatCanonical(entry));
            QJsonObject withoutHash = entry;
            withoutHash.remove(QStringLiteral("hash"));
            QCOMPARE(entry.value(QStringLiteral("hash")).toString(),
                     sha256(prev.toUtf8() + flatCanonical(withoutHash)));
            prev = entry.value(QStringLiteral("hash")).toString();
        }
        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 3);
        QCOMPARE(result.lastHash, ledger.lastHash());

        // Claiming another sandbox afterwards breaks the chain.
        QList<QByteArray> changed = linesOf(path);
        changed[0].replace("\"sandbox\":\"box-é\"", "\"sandbox\":\"other\"");
        QVERIFY(writeAll(path, changed.join('\n')));
        const LedgerVerifyResult tampered = Ledger::verify(path);
        QVERIFY(!tampered.ok);
        QCOMPARE(tampered.firstBadSeq, 1);
    }

    // Issue 28: a trial is recorded with its copy and the code's exit code (negative too), in the
    // canonical order and in the hash, and with neither when the code did not run.
    void trialFieldsAreRecordedAndHashed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        LedgerRecord ran = runRecord(QStringLiteral("t-1"), QStringLiteral("print(1)"));
        ran.decision = QStringLiteral("trial");
        ran.decidedBy = QStringLiteral("person");
        ran.checkpointLabel.clear();
        ran.copy = QStringLiteral("box-fork1");
        ran.exitCode = -9;
        QVERIFY2(ledger.append(ran, &error), qPrintable(error));
        LedgerRecord notRun = ran;
        notRun.requestId = QStringLiteral("t-2");
        notRun.copy.clear();
        notRun.exitCode.reset();
        notRun.reason = QStringLiteral("kosa8 could not fork box-\u00e9.");
        QVERIFY2(ledger.append(notRun, &error), qPrintable(error));
        const QList<QByteArray> lines = linesOf(path);
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
        QCOMPARE(first.value(QStringLiteral("copy")).toString(), QStringLiteral("box-fork1"));
        QCOMPARE(first.value(QStringLiteral("exit_code")).toInt(), -9);
        QCOMPARE(lines.at(0), flatCanonical(first));
        const QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
        QVERIFY(!second.contains(QStringLiteral("copy")));
        QVERIFY(!second.contains(QStringLiteral("exit_code")));
        QCOMPARE(lines.at(1), flatCanonical(second));
        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 2);
        // Another exit code afterwards breaks the chain.
        QList<QByteArray> changed = lines;
        changed[0].replace("\"exit_code\":-9", "\"exit_code\":0");
        QVERIFY(writeAll(path, changed.join('\n') + '\n'));
        QVERIFY(!Ledger::verify(path).ok);
    }

    // The app remembers the end of the ledger beside it, written after each durable commit.
    void stateRemembersTheEnd()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QCOMPARE(Ledger::statePath(path), dir.filePath(QStringLiteral("ledger.state")));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QCOMPARE(ledger.stateCheck().outcome, LedgerStateCheck::Outcome::Agrees); // a new ledger
        QVERIFY(!QFile::exists(Ledger::statePath(path)));                         // nothing to remember yet
        QVERIFY(ledger.append(
            record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("person")), &error));
        QCOMPARE(readState(path).value(QStringLiteral("seq")).toInteger(), 1);
        QCOMPARE(readState(path).value(QStringLiteral("hash")).toString(), ledger.lastHash());
        for (int i = 2; i <= 4; ++i)
            QVERIFY(ledger.stage(
                record(QString::number(i), QStringLiteral("reject"), QStringLiteral("rule:x")), &error));
        QVERIFY(ledger.commit(&error));
        QCOMPARE(ledger.syncCount(), 2); // the state costs no flush of its own
        QCOMPARE(readState(path).value(QStringLiteral("seq")).toInteger(), 4);
        QCOMPARE(readState(path).value(QStringLiteral("hash")).toString(), ledger.lastHash());
        const QFileInfo state(Ledger::statePath(path));
        QCOMPARE(state.permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions());

        Ledger again;
        QVERIFY(again.open(path, &error));
        QCOMPARE(again.stateCheck().outcome, LedgerStateCheck::Outcome::Agrees);
        QVERIFY(again.stateCheck().message.isEmpty());
        QCOMPARE(again.stateCheck().rememberedSeq, 4);
    }

    void flushThreadWritesTheState()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QVERIFY(ledger.stage(
            record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("rule:ok")), &error));
        std::atomic<int> notices{0};
        QVERIFY(ledger.startCommit([&notices] { ++notices; }, &error));
        if (ledger.isFlushing())
            QTRY_COMPARE_WITH_TIMEOUT(notices.load(), 1, k8::test::waits::Service);
        QVERIFY(ledger.finishCommit(&error));
        QCOMPARE(readState(path).value(QStringLiteral("seq")).toInteger(), 1);
        QCOMPARE(readState(path).value(QStringLiteral("hash")).toString(), ledger.lastHash());
    }

    void cutTailIsReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QVERIFY(!writeEntries(path, 5).isEmpty());
        QList<QByteArray> lines = linesOf(path);
        QVERIFY(writeAll(path, lines.mid(0, 3).join('\n') + '\n')); // entries 4 and 5 are gone
        QVERIFY2(Ledger::verify(path).ok, "what is left still chains: only the state shows the loss");

        Ledger ledger;
        QString error;
        QString warning;
        QVERIFY2(ledger.open(path, &error, &warning), qPrintable(error));
        QCOMPARE(ledger.lastSeq(), 3);
        const LedgerStateCheck& check = ledger.stateCheck();
        QCOMPARE(check.outcome, LedgerStateCheck::Outcome::Shorter);
        QVERIFY(check.isAlarm());
        QCOMPARE(check.rememberedSeq, 5);
        QVERIFY2(check.message.contains(path) && check.message.contains(QLatin1String("shorter")) &&
                     check.message.contains(QLatin1String("4 to 5")),
                 qPrintable(check.message));

        // The whole file gone while its state survives.
        QVERIFY(QFile::remove(path));
        Ledger fresh;
        QVERIFY(fresh.open(path, &error));
        QCOMPARE(fresh.stateCheck().outcome, LedgerStateCheck::Outcome::Shorter);
        QVERIFY2(fresh.stateCheck().message.contains(QLatin1String("missing or empty")),
                 qPrintable(fresh.stateCheck().message));
    }

    void rewrittenLedgerIsReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const QString original = writeEntries(path, 3, QStringLiteral("reject"));
        QVERIFY(!original.isEmpty());
        // A whole new chain of the same length, every hash right, written over the file.
        const QString forged = dir.filePath(QStringLiteral("forged/ledger.jsonl"));
        QVERIFY(!writeEntries(forged, 3, QStringLiteral("approve")).isEmpty());
        QVERIFY(QFile::remove(path));
        QVERIFY(QFile::copy(forged, path));
        QVERIFY(Ledger::verify(path).ok);

        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QCOMPARE(ledger.stateCheck().outcome, LedgerStateCheck::Outcome::Rewritten);
        QCOMPARE(ledger.stateCheck().rememberedHash, original);
        QVERIFY2(ledger.stateCheck().message.contains(QLatin1String("entry 3")) &&
                     ledger.stateCheck().message.contains(original.left(16)),
                 qPrintable(ledger.stateCheck().message));
    }

    // After a power cut the state may lag behind the ledger: that is no alarm, a changed entry is.
    void laggingStateIsCheckedAtItsSeq()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QVERIFY(!writeEntries(path, 4).isEmpty());
        const QList<QByteArray> lines = linesOf(path);
        const QString hashOf2 =
            QJsonDocument::fromJson(lines.at(1)).object().value(QStringLiteral("hash")).toString();
        QVERIFY(writeAll(Ledger::statePath(path),
                         QStringLiteral(R"({"hash":"%1","seq":2})").arg(hashOf2).toUtf8()));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QCOMPARE(ledger.stateCheck().outcome, LedgerStateCheck::Outcome::Agrees);

        QVERIFY(writeAll(Ledger::statePath(path),
                         QStringLiteral(R"({"hash":"%1","seq":2})").arg(QString(64, u'b')).toUtf8()));
        QCOMPARE(Ledger::checkState(path, ledger.lastSeq(), ledger.lastHash()).outcome,
                 LedgerStateCheck::Outcome::Rewritten);
        // The next commit puts the state right, and it stays one record long.
        QVERIFY(ledger.append(record(QStringLiteral("5"), QStringLiteral("reject"), QStringLiteral("person")),
                              &error));
        QCOMPARE(Ledger::checkState(path, ledger.lastSeq(), ledger.lastHash()).outcome,
                 LedgerStateCheck::Outcome::Agrees);
        QCOMPARE(QFileInfo(Ledger::statePath(path)).size(), 128);
    }

    void missingOrDamagedState()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const QString last = writeEntries(path, 2);
        QVERIFY(QFile::remove(Ledger::statePath(path)));
        LedgerStateCheck check = Ledger::checkState(path, 2, last);
        QCOMPARE(check.outcome, LedgerStateCheck::Outcome::NoState);
        QVERIFY(!check.isAlarm());
        QVERIFY2(check.message.contains(QLatin1String("ledger.state")), qPrintable(check.message));
        QCOMPARE(Ledger::checkState(path, 0, Ledger::zeroHash()).outcome, LedgerStateCheck::Outcome::Agrees);

        QVERIFY(writeAll(Ledger::statePath(path), "{\"hash\":\"nope\",\"seq\":2}"));
        check = Ledger::checkState(path, 2, last);
        QCOMPARE(check.outcome, LedgerStateCheck::Outcome::Unreadable);
        QVERIFY(check.isAlarm());
    }

    void tamperedEntry_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<qint64>("badSeq");
        QTest::addColumn<int>("badLine");
        QTest::newRow("decision changed") << QStringLiteral("change") << qint64(2) << 2;
        QTest::newRow("entry removed") << QStringLiteral("remove") << qint64(3) << 2;
        QTest::newRow("hash recomputed after change") << QStringLiteral("rehash") << qint64(3) << 3;
        QTest::newRow("entries swapped") << QStringLiteral("swap") << qint64(3) << 2;
        QTest::newRow("seq changed") << QStringLiteral("seq") << qint64(5) << 2;
    }

    void tamperedEntry()
    {
        QFETCH(QString, how);
        QFETCH(qint64, badSeq);
        QFETCH(int, badLine);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        {
            Ledger ledger;
            QString error;
            QVERIFY(ledger.open(path, &error));
            for (int i = 1; i <= 4; ++i)
                QVERIFY(ledger.append(
                    record(QString::number(i), QStringLiteral("reject"), QStringLiteral("person")), &error));
        }
        QList<QByteArray> lines = linesOf(path);
        lines.removeLast();
        QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
        if (how == QLatin1String("change")) {
            second.insert(QStringLiteral("decision"), QStringLiteral("approve"));
            lines[1] = QJsonDocument(second).toJson(QJsonDocument::Compact);
        } else if (how == QLatin1String("remove")) {
            lines.removeAt(1);
        } else if (how == QLatin1String("rehash")) {
            second.insert(QStringLiteral("decision"), QStringLiteral("approve"));
            second.insert(QStringLiteral("hash"), Ledger::entryHash(second));
            lines[1] = QJsonDocument(second).toJson(QJsonDocument::Compact);
        } else if (how == QLatin1String("swap")) {
            lines.swapItemsAt(1, 2);
        } else if (how == QLatin1String("seq")) {
            second.insert(QStringLiteral("seq"), 5);
            lines[1] = QJsonDocument(second).toJson(QJsonDocument::Compact);
        }
        QVERIFY(writeAll(path, lines.join('\n') + '\n'));

        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY(!result.ok);
        QCOMPARE(result.firstBadSeq, badSeq);
        QCOMPARE(result.firstBadLine, badLine);
        QCOMPARE(result.entries, badLine - 1);
        QVERIFY2(result.message.contains(QStringLiteral("seq %1").arg(badSeq)), qPrintable(result.message));
    }

    void tornLastLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QString error;
        QString lastHash;
        {
            Ledger ledger;
            QVERIFY(ledger.open(path, &error));
            QVERIFY(ledger.append(
                record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("person")), &error));
            QVERIFY(ledger.append(
                record(QStringLiteral("2"), QStringLiteral("reject"), QStringLiteral("person")), &error));
            lastHash = ledger.lastHash();
        }
        // A crash in the middle of writing entry 3.
        QVERIFY(appendBytes(path, "{\"agent\":\"x\",\"decis"));

        LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message)); // the entries that are there still chain
        QCOMPARE(result.entries, 2);
        QCOMPARE(result.tornLines, QList<int>{3});
        QVERIFY2(result.message.contains(QStringLiteral("3")), qPrintable(result.message));

        Ledger ledger;
        QString warning;
        QVERIFY2(ledger.open(path, &error, &warning), qPrintable(error));
        QVERIFY2(warning.contains(QStringLiteral("incomplete")), qPrintable(warning));
        QCOMPARE(ledger.lastSeq(), 2);
        QCOMPARE(ledger.lastHash(), lastHash);

        // The next entry starts on a fresh line and chains to entry 2.
        QVERIFY(ledger.append(
            record(QStringLiteral("3"), QStringLiteral("approve"), QStringLiteral("rule:ok")), &error));
        const QList<QByteArray> lines = linesOf(path);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines.at(2), QByteArray("{\"agent\":\"x\",\"decis"));
        QCOMPARE(QJsonDocument::fromJson(lines.at(3)).object().value(QStringLiteral("seq")).toInteger(), 3);
        QCOMPARE(QJsonDocument::fromJson(lines.at(3)).object().value(QStringLiteral("prev")).toString(),
                 lastHash);
        result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 3);
        QCOMPARE(result.tornLines, QList<int>{3});

        QString recentWarning;
        const QList<QJsonObject> recent = Ledger::readRecent(path, 10, &recentWarning);
        QCOMPARE(recent.size(), 3);
        QVERIFY(!recentWarning.isEmpty());
    }

    void completeEntryWithoutNewline()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QString error;
        {
            Ledger ledger;
            QVERIFY(ledger.open(path, &error));
            QVERIFY(ledger.append(
                record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("person")), &error));
        }
        // Crash after the entry but before its '\n': the entry counts, the line end is added.
        QList<QByteArray> lines = linesOf(path);
        QVERIFY(writeAll(path, lines.at(0)));
        Ledger ledger;
        QString warning;
        QVERIFY(ledger.open(path, &error, &warning));
        QVERIFY(!warning.isEmpty());
        QCOMPARE(ledger.lastSeq(), 1);
        QVERIFY(ledger.append(record(QStringLiteral("2"), QStringLiteral("reject"), QStringLiteral("person")),
                              &error));
        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 2);
        QVERIFY(result.tornLines.isEmpty());
    }

    void continuesAfterReopen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QString error;
        for (int run = 0; run < 3; ++run) {
            Ledger ledger;
            QString warning;
            QVERIFY2(ledger.open(path, &error, &warning), qPrintable(error));
            QVERIFY(warning.isEmpty());
            QCOMPARE(ledger.lastSeq(), run * 2);
            for (int i = 0; i < 2; ++i)
                QVERIFY(ledger.append(
                    record(QString::number(run * 2 + i), QStringLiteral("approve"), QStringLiteral("person")),
                    &error));
        }
        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 6);

        // Reopening the same object also continues.
        Ledger ledger;
        QVERIFY(ledger.open(path, &error));
        QVERIFY(ledger.open(path, &error));
        QCOMPARE(ledger.lastSeq(), 6);
    }

    void groupCommitOneFlushForManyEntries()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QVERIFY(ledger.append(
            record(QStringLiteral("0"), QStringLiteral("approve"), QStringLiteral("person")), &error));
        QCOMPARE(ledger.syncCount(), 1);
        const qint64 sizeBefore = QFileInfo(path).size();

        for (int i = 1; i <= 5; ++i)
            QVERIFY2(ledger.stage(record(QString::number(i), QStringLiteral("approve"),
                                         QStringLiteral("rule:ok"), QStringLiteral("print(%1)").arg(i)),
                                  &error),
                     qPrintable(error));
        // Staged is not written: the file and the durable chain have not moved.
        QCOMPARE(ledger.stagedCount(), 5);
        QCOMPARE(QFileInfo(path).size(), sizeBefore);
        QCOMPARE(ledger.lastSeq(), 1);

        QVERIFY2(ledger.commit(&error), qPrintable(error));
        QCOMPARE(ledger.stagedCount(), 0);
        QCOMPARE(ledger.syncCount(), 2); // five entries, one flush
        QCOMPARE(ledger.lastSeq(), 6);
        QVERIFY(ledger.commit(&error)); // nothing staged: nothing to flush
        QCOMPARE(ledger.syncCount(), 2);

        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 6);
        const QList<QByteArray> lines = linesOf(path);
        for (int i = 1; i <= 5; ++i) {
            const QJsonObject entry = QJsonDocument::fromJson(lines.at(i)).object();
            QCOMPARE(entry.value(QStringLiteral("request")).toString(), QString::number(i));
            QCOMPARE(lines.at(i), flatCanonical(entry)); // each line still the canonical entry
        }
        QCOMPARE(ledger.lastHash(),
                 QJsonDocument::fromJson(lines.at(5)).object().value(QStringLiteral("hash")).toString());
    }

    void flushOnItsOwnThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        for (int i = 1; i <= 3; ++i)
            QVERIFY(ledger.stage(
                record(QString::number(i), QStringLiteral("approve"), QStringLiteral("rule:ok")), &error));
        if (!ledger.flushesOnOwnThread())
            QSKIP("The temporary folder is on a file system in memory, where the ledger flushes at once.");
        std::atomic<int> notices{0};
        QVERIFY2(ledger.startCommit([&notices] { ++notices; }, &error), qPrintable(error));
        QVERIFY(ledger.isFlushing());
        QCOMPARE(ledger.stagedCount(), 0);
        QCOMPARE(ledger.lastSeq(), 0); // handed to the flush thread, not yet durable
        // One flush at a time: what is staged now waits for the next.
        QVERIFY(ledger.stage(record(QStringLiteral("4"), QStringLiteral("reject"), QStringLiteral("timeout")),
                             &error));
        QVERIFY(!ledger.commit(&error));
        QVERIFY(!ledger.startCommit({}, &error));
        QTRY_COMPARE_WITH_TIMEOUT(notices.load(), 1, k8::test::waits::Service);
        QVERIFY(ledger.flushEnded());
        QVERIFY2(ledger.finishCommit(&error), qPrintable(error));
        QVERIFY(!ledger.isFlushing());
        QCOMPARE(ledger.lastSeq(), 3);
        QCOMPARE(ledger.syncCount(), 1);
        QCOMPARE(ledger.stagedCount(), 1);
        QVERIFY2(ledger.commit(&error), qPrintable(error));
        QCOMPARE(ledger.lastSeq(), 4);
        QCOMPARE(ledger.syncCount(), 2);
        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 4);

        // A ledger closed with a flush in flight finishes it first.
        QVERIFY(ledger.stage(record(QStringLiteral("5"), QStringLiteral("approve"), QStringLiteral("person")),
                             &error));
        QVERIFY(ledger.startCommit({}, &error));
        QVERIFY(ledger.open(path, &error));
        QCOMPARE(ledger.lastSeq(), 5);
        QCOMPARE(Ledger::verify(path).entries, 5);
    }

    void memoryFileSystemFlushesAtOnce()
    {
        if (!QFileInfo(QStringLiteral("/dev/shm")).isDir())
            QSKIP("No /dev/shm here.");
        QTemporaryDir dir(QStringLiteral("/dev/shm/tst_ledger-XXXXXX"));
        QVERIFY(dir.isValid());
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(dir.filePath(QStringLiteral("ledger.jsonl")), &error));
        QVERIFY(!ledger.flushesOnOwnThread());
        QVERIFY(ledger.stage(
            record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("rule:ok")), &error));
        bool noticed = false;
        QVERIFY2(ledger.startCommit([&noticed] { noticed = true; }, &error), qPrintable(error));
        QVERIFY(!ledger.isFlushing()); // done at once: durable, and no notice to wait for
        QVERIFY(!noticed);
        QCOMPARE(ledger.lastSeq(), 1);
        QCOMPARE(ledger.syncCount(), 1);
    }

    void failedCommitKeepsTheChain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        QVERIFY(ledger.append(
            record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("person")), &error));
        const QByteArray durable = linesOf(path).join('\n');
        const QString lastHash = ledger.lastHash();
        {
            // Room for part of one more line only: the write of the batch fails half-way.
            k8::test::FileSizeLimit limit(rlim_t(durable.size() + 100));
            QVERIFY(limit.isActive());
            for (int i = 2; i <= 4; ++i)
                QVERIFY(ledger.stage(
                    record(QString::number(i), QStringLiteral("approve"), QStringLiteral("rule:ok")),
                    &error));
            error.clear();
            QVERIFY(!ledger.commit(&error));
            QVERIFY2(error.contains(path), qPrintable(error));
        }
        // Nothing of the failed batch stays: the file is cut back to its last durable entry.
        QCOMPARE(linesOf(path).join('\n'), durable);
        QCOMPARE(ledger.lastSeq(), 1);
        QCOMPARE(ledger.lastHash(), lastHash);
        QCOMPARE(ledger.stagedCount(), 0);
        QCOMPARE(ledger.syncCount(), 1);

        // The next entry chains to the last durable one.
        QVERIFY2(
            ledger.append(record(QStringLiteral("5"), QStringLiteral("reject"), QStringLiteral("rule:ok")),
                          &error),
            qPrintable(error));
        const LedgerVerifyResult result = Ledger::verify(path);
        QVERIFY2(result.ok, qPrintable(result.message));
        QCOMPARE(result.entries, 2);
        QVERIFY(result.tornLines.isEmpty());
    }

    void readRecentNewestLast()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QString error;
        Ledger ledger;
        QVERIFY(ledger.open(path, &error));
        for (int i = 1; i <= 5; ++i)
            QVERIFY(ledger.append(
                record(QString::number(i), QStringLiteral("reject"), QStringLiteral("shutdown")), &error));
        QString warning;
        const QList<QJsonObject> recent = Ledger::readRecent(path, 2, &warning);
        QVERIFY(warning.isEmpty());
        QCOMPARE(recent.size(), 2);
        QCOMPARE(recent.at(0).value(QStringLiteral("seq")).toInteger(), 4);
        QCOMPARE(recent.at(1).value(QStringLiteral("seq")).toInteger(), 5);
        QCOMPARE(recent.at(1).value(QStringLiteral("decided_by")).toString(), QStringLiteral("shutdown"));
        QCOMPARE(Ledger::readRecent(path, 100).size(), 5);
        QVERIFY(Ledger::readRecent(dir.filePath(QStringLiteral("missing.jsonl")), 10).isEmpty());
    }

    void failures()
    {
        QTemporaryDir dir;
        QString error;
        Ledger closed;
        QVERIFY(!closed.append(
            record(QStringLiteral("1"), QStringLiteral("approve"), QStringLiteral("person")), &error));
        QVERIFY(!error.isEmpty());

        const LedgerVerifyResult missing = Ledger::verify(dir.filePath(QStringLiteral("missing.jsonl")));
        QVERIFY(!missing.ok);
        QVERIFY(!missing.message.isEmpty());

        // A file of nothing but damage cannot be continued.
        const QString damaged = dir.filePath(QStringLiteral("damaged.jsonl"));
        QVERIFY(writeAll(damaged, "garbage\nmore garbage\n"));
        Ledger ledger;
        QVERIFY(!ledger.open(damaged, &error));
        QVERIFY(error.contains(damaged));
        QVERIFY(!ledger.isOpen());

        // An empty file is a fresh ledger.
        const QString empty = dir.filePath(QStringLiteral("empty.jsonl"));
        QVERIFY(writeAll(empty, QByteArray()));
        QVERIFY(ledger.open(empty, &error));
        QCOMPARE(ledger.lastSeq(), 0);
        const LedgerVerifyResult emptyResult = Ledger::verify(empty);
        QVERIFY(emptyResult.ok);
        QCOMPARE(emptyResult.entries, 0);
    }
};

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_ledger.moc"
