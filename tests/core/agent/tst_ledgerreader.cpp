// SPDX-License-Identifier: Apache-2.0
// LedgerReader (src/core/agent/ledger/LedgerReader.h): reading a ledger file back. Torn tails (a write
// cut off by a crash), garbage lines, huge lines and the chain check, on real files written by a
// real Ledger.
#include "agent/ledger/Ledger.h"
#include "agent/ledger/LedgerReader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace k8::agent;

namespace {

LedgerRecord record(int id)
{
    LedgerRecord r;
    r.requestId = QString::number(id);
    r.agent = QStringLiteral("agent");
    r.method = QStringLiteral("review");
    r.payloadSha256 = QString(64, u'a');
    r.decision = QStringLiteral("approve");
    r.decidedBy = QStringLiteral("person");
    return r;
}

// A ledger with `count` good entries at `path`; the hash of the last one.
QString writeLedger(const QString& path, int count)
{
    Ledger ledger;
    QString error;
    if (!ledger.open(path, &error))
        qFatal("cannot open the test ledger: %s", qPrintable(error));
    for (int i = 1; i <= count; ++i) {
        if (!ledger.append(record(i), &error))
            qFatal("cannot append: %s", qPrintable(error));
    }
    return ledger.lastHash();
}

bool appendBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Append) && file.write(bytes) == bytes.size();
}

} // namespace

class TestLedgerReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void missingFileIsAnEmptyTail()
    {
        QTemporaryDir dir;
        LedgerReader::Tail tail;
        tail.seq = 99;
        QString error;
        QVERIFY(LedgerReader::readTail(dir.filePath(QStringLiteral("none.jsonl")), &tail, &error));
        QVERIFY(!tail.anyContent);
        QVERIFY(!tail.found);
        QCOMPARE(tail.seq, 0);
        QCOMPARE(tail.tornBytes, 0);
    }

    void tailOfAGoodLedger()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const QString lastHash = writeLedger(path, 3);
        LedgerReader::Tail tail;
        QString error;
        QVERIFY(LedgerReader::readTail(path, &tail, &error));
        QVERIFY(tail.found);
        QCOMPARE(tail.seq, 3);
        QCOMPARE(tail.hash, lastHash);
        QCOMPARE(tail.tornBytes, 0);
        QVERIFY(!tail.damageAfter);
    }

    // A crash in the middle of a write leaves a line without its end: it is counted, not read,
    // and the entry before it is the end of the chain.
    void tornTail()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        const QString lastHash = writeLedger(path, 2);
        const QByteArray torn = "{\"agent\":\"agent\",\"code_sha";
        QVERIFY(appendBytes(path, torn));
        LedgerReader::Tail tail;
        QString error;
        QVERIFY(LedgerReader::readTail(path, &tail, &error));
        QVERIFY(tail.found);
        QCOMPARE(tail.seq, 2);
        QCOMPARE(tail.hash, lastHash);
        QCOMPARE(tail.tornBytes, torn.size());
        QVERIFY(!tail.damageAfter); // a torn last line is not damage

        const LedgerVerifyResult verified = LedgerReader::verify(path);
        QVERIFY2(verified.ok, qPrintable(verified.message));
        QCOMPARE(verified.entries, 2);
        QCOMPARE(verified.tornLines, QList<int>{3});
        QCOMPARE(verified.lastHash, lastHash);
    }

    // Complete lines that are not entries, after the last good one: reported as damage.
    void garbageLinesAfterTheLastEntry()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        writeLedger(path, 2);
        QVERIFY(appendBytes(path, "not json at all\n{\"seq\": \"x\"}\n\n"));
        LedgerReader::Tail tail;
        QString error;
        QVERIFY(LedgerReader::readTail(path, &tail, &error));
        QVERIFY(tail.found);
        QCOMPARE(tail.seq, 2);
        QVERIFY(tail.damageAfter);

        // readRecent skips what is not JSON and says so; a JSON object without a chain is still
        // an entry for it (verify() is the check).
        QString warning;
        const QList<QJsonObject> recent = LedgerReader::readRecent(path, 10, &warning);
        QCOMPARE(recent.size(), 3);
        QVERIFY2(warning.contains(QStringLiteral("1 unreadable")), qPrintable(warning));
        // The object without a valid seq breaks the chain.
        const LedgerVerifyResult verified = LedgerReader::verify(path);
        QVERIFY(!verified.ok);
        QCOMPARE(verified.entries, 2);
        QCOMPARE(verified.firstBadLine, 4);
    }

    // Issue 24 finding 6: the chain covers the parsed entry, so a line that parses to the same
    // entry in other bytes (an earlier copy of a key, which some readers take; spaces; another
    // spelling) kept its hash. Every line must be the canonical JSON of its entry.
    void nonCanonicalLineIsAChangedEntry_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::newRow("earlier duplicate key")
            << QByteArray("{\"agent\"") << QByteArray("{\"decision\":\"reject\",\"agent\"");
        QTest::newRow("space after a colon") << QByteArray("\"decision\":") << QByteArray("\"decision\": ");
        QTest::newRow("space at the end") << QByteArray("}") << QByteArray("} ");
        QTest::newRow("carriage return") << QByteArray("}") << QByteArray("}\r");
        QTest::newRow("escaped letter") << QByteArray("\"person\"") << QByteArray("\"p\\u0065rson\"");
        QTest::newRow("seq as 2.0") << QByteArray("\"seq\":2") << QByteArray("\"seq\":2.0");
        // "time", the last key here, moved to the front: the same entry, its keys out of order.
        QTest::newRow("keys out of order") << QByteArray() << QByteArray();
    }

    void nonCanonicalLineIsAChangedEntry()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        writeLedger(path, 3);
        QVERIFY(LedgerReader::verify(path).ok);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = file.readAll().split('\n');
        file.close();
        QByteArray& second = lines[1];
        if (from.isEmpty()) {
            const qsizetype at = second.indexOf(",\"time\":");
            QVERIFY(at > 0 && second.endsWith("\"}"));
            const QByteArray time = second.mid(at + 1, second.size() - 1 - (at + 1));
            second = '{' + time + ',' + second.mid(1, at - 1) + '}';
        } else {
            QVERIFY(second.contains(from));
            second.replace(second.indexOf(from), from.size(), to);
        }
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(lines.join('\n'));
        file.close();

        const LedgerVerifyResult verified = LedgerReader::verify(path);
        QVERIFY2(!verified.ok, qPrintable(verified.message));
        QCOMPARE(verified.entries, 1);
        QCOMPARE(verified.firstBadSeq, 2);
        QCOMPARE(verified.firstBadLine, 2);
        QVERIFY2(verified.message.contains(QLatin1String("line 2")) &&
                     verified.message.contains(QLatin1String("changed")),
                 qPrintable(verified.message));
    }

    // What the app writes is canonical, whatever the text holds: escapes, non-ASCII, a lone
    // surrogate (written as '?'), every optional field.
    void writtenLinesAreCanonical()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        LedgerRecord full = record(1);
        full.requestId = QStringLiteral("id \"1\"\\/\n\t\x01");
        full.agent = QStringLiteral("Grüße ✓ \U0001F600 ") + QChar(0xD800) + QChar(0x2028);
        full.title = QStringLiteral("<script>\u202e");
        full.codeSha256 = QString(64, u'b');
        full.actionSha256 = QString(64, u'c') + u',';
        full.sandbox = QStringLiteral("box1");
        full.image = QStringLiteral("python:3.12-slim");
        full.language = QStringLiteral("python");
        full.checkpointLabel = QStringLiteral("before-1");
        full.reason = QStringLiteral("no\r\nway");
        full.source = QStringLiteral("s\u00f6urce \"x\"");
        QVERIFY(ledger.append(full, &error));
        QVERIFY(ledger.append(record(2), &error));
        const LedgerVerifyResult verified = LedgerReader::verify(path);
        QVERIFY2(verified.ok, qPrintable(verified.message));
        QCOMPARE(verified.entries, 2);
    }

    // The app writes lower-case hashes; a last entry whose hash is spelled otherwise is damage,
    // not the end to continue after (found by tests/fuzz/ledger.cpp).
    void upperCaseHashIsNoTail()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        writeLedger(path, 1);
        QVERIFY(appendBytes(path, "{\"seq\": 2, \"hash\": \"" + QByteArray(64, 'A') + "\"}\n"));
        LedgerReader::Tail tail;
        QString error;
        QVERIFY(LedgerReader::readTail(path, &tail, &error));
        QVERIFY(tail.found);
        QCOMPARE(tail.seq, 1);
        QVERIFY(tail.damageAfter);
    }

    // A seq beyond 2^53 - 1 is no seq (converting 1e42 to qint64 was undefined; found by
    // tests/fuzz/ledger.cpp).
    void hugeSeqIsNoSeq()
    {
        qint64 seq = 0;
        QVERIFY(LedgerReader::entrySeq(QJsonValue(9007199254740991.0), &seq));
        QCOMPARE(seq, Q_INT64_C(9007199254740991));
        QVERIFY(!LedgerReader::entrySeq(QJsonValue(1e42), &seq));
        QVERIFY(!LedgerReader::entrySeq(QJsonValue(9007199254740992.0), &seq));
        QCOMPARE(seq, Q_INT64_C(9007199254740991));
    }

    void onlyGarbageIsNoEntry()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QVERIFY(appendBytes(path, "garbage\nmore garbage\n"));
        LedgerReader::Tail tail;
        QString error;
        QVERIFY(LedgerReader::readTail(path, &tail, &error));
        QVERIFY(tail.anyContent);
        QVERIFY(!tail.found);
        // Ledger::open refuses such a file rather than start a new chain after it.
        Ledger ledger;
        QVERIFY(!ledger.open(path, &error));
        QVERIFY2(error.contains(QStringLiteral("no readable entry")), qPrintable(error));
    }

    // A last line larger than the part of the file read first is read whole.
    void hugeLastLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        Ledger ledger;
        QString error;
        QVERIFY(ledger.open(path, &error));
        LedgerRecord big = record(1);
        big.title = QString(300 * 1024, u'x');
        QVERIFY(ledger.append(big, &error));
        LedgerReader::Tail tail;
        QVERIFY(LedgerReader::readTail(path, &tail, &error));
        QVERIFY(tail.found);
        QCOMPARE(tail.seq, 1);
        QCOMPARE(tail.hash, ledger.lastHash());
    }

    void readRecentKeepsTheNewest()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        writeLedger(path, 5);
        QString warning = QStringLiteral("stale");
        const QList<QJsonObject> recent = LedgerReader::readRecent(path, 2, &warning);
        QCOMPARE(recent.size(), 2);
        QCOMPARE(recent.at(0).value(QLatin1String("seq")).toInt(), 4);
        QCOMPARE(recent.at(1).value(QLatin1String("seq")).toInt(), 5);
        QVERIFY(warning.isEmpty());
        QVERIFY(LedgerReader::readRecent(path, 0).isEmpty());
    }

    void entrySeqIsAWholeNumberFromOne()
    {
        qint64 seq = 0;
        QVERIFY(LedgerReader::entrySeq(QJsonValue(7), &seq));
        QCOMPARE(seq, 7);
        QVERIFY(!LedgerReader::entrySeq(QJsonValue(0), &seq));
        QVERIFY(!LedgerReader::entrySeq(QJsonValue(1.5), &seq));
        QVERIFY(!LedgerReader::entrySeq(QJsonValue(QStringLiteral("3")), &seq));
        QJsonObject entry;
        QVERIFY(!LedgerReader::parseEntry("[1]", &entry));
        QVERIFY(!LedgerReader::parseEntry("{\"a\":", &entry));
        QVERIFY(LedgerReader::parseEntry("{\"a\":1}\n", &entry));
        QCOMPARE(entry.value(QLatin1String("a")).toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestLedgerReader)
#include "tst_ledgerreader.moc"
