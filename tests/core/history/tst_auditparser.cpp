// SPDX-License-Identifier: Apache-2.0
#include "history/AuditStore.h"
#include "history/AuditStreamParser.h"
#include "history/TimeText.h"

#include <QtTest>

using namespace k8::history;

class TstAuditParser : public QObject
{
    Q_OBJECT
private:
    static QByteArray table()
    {
        return "SEQ   TIME                  ACTOR   ACTION          SANDBOX   DETAIL             HASH\n"
               "1     2026-12-01T10:41:00Z  human   sandbox.create  box1      egress=deny        aa11\n"
               "2     2026-12-01T10:41:02Z  agent   sandbox.run     box1      image=py  3 bytes  bb22\n"
               "3     2026-12-01T10:42:00Z  human   daemon.start                                 cc33\n";
    }
    // Feeds `data` in pieces of `piece` bytes.
    static void feedInPieces(AuditStreamParser* parser, const QByteArray& data, int piece)
    {
        for (qsizetype at = 0; at < data.size(); at += piece)
            parser->feed(QByteArrayView(data).sliced(at, qMin<qsizetype>(piece, data.size() - at)));
        parser->finish();
    }

private Q_SLOTS:
    void tableSplitAnywhere_data()
    {
        QTest::addColumn<int>("piece");
        for (int piece : {1, 2, 3, 7, 64, 100000})
            QTest::addRow("%d", piece) << piece;
    }
    void tableSplitAnywhere()
    {
        QFETCH(int, piece);
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, table(), piece);
        QCOMPARE(parser.format(), AuditStreamParser::Format::Table);
        QCOMPARE(store.rowCount(), 3);
        QCOMPARE(store.problemCount(), 0);
        QCOMPARE(store.row(0).seq, 1);
        QCOMPARE(store.name(NameColumn::Actor, store.row(1).names[int(NameColumn::Actor)]),
                 QStringLiteral("agent"));
        QCOMPARE(store.name(NameColumn::Action, store.row(1).names[int(NameColumn::Action)]),
                 QStringLiteral("sandbox.run"));
        // Two spaces inside DETAIL stay in DETAIL (cells are placed under the header's columns).
        QCOMPARE(store.textString(1, TextField::Detail), QStringLiteral("image=py  3 bytes"));
        QCOMPARE(store.textString(1, TextField::Hash), QStringLiteral("bb22"));
        // Empty SANDBOX and DETAIL: the HASH still lands in HASH.
        QCOMPARE(store.textString(2, TextField::Hash), QStringLiteral("cc33"));
        QCOMPARE(store.textString(2, TextField::Detail), QString());
        qint64 ms = 0;
        QVERIFY(parseTimeMs("2026-12-01T10:41:02Z", &ms));
        QCOMPARE(store.row(1).timeMs, ms);
        QCOMPARE(store.row(1).line, 3);
        // kosa8's previous hash is the HASH of SEQ-1.
        QCOMPARE(store.previousHash(1), QStringLiteral("aa11"));
    }

    void columnsByNameNotPosition()
    {
        AuditStore store;
        AuditStreamParser parser(&store);
        parser.feed("HASH  ACTOR  SEQ  EXTRA_COL  TIME\n"
                    "ff00  agent  7    hello      2026-12-01T00:00:00Z\n");
        parser.finish();
        QCOMPARE(store.rowCount(), 1);
        QCOMPARE(store.row(0).seq, 7);
        QCOMPARE(store.textString(0, TextField::Hash), QStringLiteral("ff00"));
        QCOMPARE(store.textString(0, TextField::Extra), QStringLiteral("extra_col=hello\n"));
    }

    void crlfAnsiAndBom()
    {
        QByteArray data = "\xEF\xBB\xBF" + table();
        data.replace("\n", "\r\n");
        data.replace("agent", "\x1B[31magent\x1B[0m");
        data.replace("SEQ ", "\x1B]0;title\x07SEQ ");
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, data, 5);
        QCOMPARE(store.problemCount(), 0);
        QCOMPARE(store.rowCount(), 3);
        QCOMPARE(store.name(NameColumn::Actor, store.row(1).names[0]), QStringLiteral("agent"));
        QCOMPARE(store.textString(2, TextField::Hash), QStringLiteral("cc33")); // no '\r' kept
        QCOMPARE(AuditStreamParser::stripAnsi("a\x1B[1;32mb\x1B[0mc\x1B]8;;http://x\x1B\\d"),
                 QByteArray("abcd"));
    }

    void garbageLinesKeptWithNumbers()
    {
        QByteArray data = table();
        data.insert(0, "warning: this is not a header\n");                  // line 1, before the header
        data.append("%%%% not a row at all %%%%\n");                        // line 6
        data.append("x     2026-12-01T10:43:00Z  human   a  b  c  dd44\n"); // line 7: SEQ not a number
        data.append("4     2026-12-01T10:44:00Z  human   sandbox.stop    box1      -                 ee55\n");
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, data, 11);
        QCOMPARE(store.rowCount(), 4);
        QCOMPARE(store.problemCount(), 3);
        const QList<AuditProblem> problems = store.problems();
        QCOMPARE(problems[0].lineNumber, 1);
        QCOMPARE(problems[1].lineNumber, 6);
        QVERIFY(problems[1].text.contains(QStringLiteral("not a row at all")));
        QCOMPARE(problems[2].lineNumber, 7);
        QVERIFY(problems[2].reason.contains(QStringLiteral("SEQ")));
    }

    void jsonLines()
    {
        const QByteArray data =
            "{\"seq\": 1, \"time\": \"2026-12-01T10:41:00Z\", \"actor\": \"human\", \"action\": "
            "\"sandbox.create\", "
            "\"sandbox\": \"box1\", \"detail\": \"quote \\\" and \\u00e9 and \\ud83d\\ude00\", \"hash\": "
            "\"aa\"}\r\n"
            "not json at all\n"
            "{\"seq\": 2, \"time\": \"2026-12-01T10:41:01.250+01:00\", \"actor\": \"agent\", \"action\": "
            "\"x\", "
            "\"sandbox\": \"b\", \"detail\": \"d\", \"hash\": \"bb\", \"labels\": {\"k\": [1, 2]}}\n"
            "{\"seq\": 3, \"broken\n"
            "{\"seq\": 4, \"actor\": \"agent\", \"hash\": \"dd\"}";
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, data, 3);
        QCOMPARE(parser.format(), AuditStreamParser::Format::JsonLines);
        QCOMPARE(store.rowCount(), 3);
        QCOMPARE(store.textString(0, TextField::Detail), QStringLiteral("quote \" and é and 😀"));
        QCOMPARE(store.row(1).timeMs % 1000, 250);
        qint64 utc = 0;
        QVERIFY(parseTimeMs("2026-12-01T09:41:01.250Z", &utc));
        QCOMPARE(store.row(1).timeMs, utc);
        QCOMPARE(store.textString(1, TextField::Extra), QStringLiteral("labels={\"k\":[1,2]}\n"));
        QCOMPARE(store.row(2).seq, 4); // the last line, without '\n'
        QCOMPARE(store.problemCount(), 2);
        QCOMPARE(store.problems()[0].lineNumber, 2);
        QCOMPARE(store.problems()[1].lineNumber, 4);
    }

    void jsonArrayPrettyPrinted()
    {
        const QByteArray data =
            "[\n  {\n    \"seq\": 1,\n    \"actor\": \"human\",\n    \"detail\": \"a}b{\"\n  },\n"
            "  {\n    \"seq\": 2,\n    \"actor\": \"agent\"\n  }\n]\n";
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, data, 4);
        QCOMPARE(parser.format(), AuditStreamParser::Format::JsonArray);
        QCOMPARE(store.problemCount(), 0);
        QCOMPARE(store.rowCount(), 2);
        QCOMPARE(store.textString(0, TextField::Detail), QStringLiteral("a}b{"));
        QCOMPARE(store.row(1).line, 7);
    }

    void refreshSkipsKnownAndNoticesRewrite()
    {
        AuditStore store;
        AuditStreamParser parser(&store);
        parser.setSkipThroughSeq(2);
        parser.setExpectedHashAtSkip("bb22");
        parser.feed(table());
        parser.finish();
        QCOMPARE(store.rowCount(), 1);
        QVERIFY(!parser.rewritten());

        AuditStore other;
        AuditStreamParser changed(&other);
        changed.setSkipThroughSeq(2);
        changed.setExpectedHashAtSkip("something else");
        changed.feed(table());
        changed.finish();
        QVERIFY(changed.rewritten());
    }

    void times()
    {
        qint64 ms = 0;
        QVERIFY(parseTimeMs("1970-01-01T00:00:00Z", &ms));
        QCOMPARE(ms, 0);
        QVERIFY(parseTimeMs("2000-02-29 12:00:00.5-02:30", &ms));
        QCOMPARE(ms, QDateTime::fromString(QStringLiteral("2000-02-29T12:00:00.500-02:30"), Qt::ISODateWithMs)
                         .toMSecsSinceEpoch());
        QVERIFY(!parseTimeMs("2000-02-29T12:00:00", &ms)); // no offset
        QVERIFY(!parseTimeMs("yesterday", &ms));
        QCOMPARE(formatTimeMs(0), QStringLiteral("1970-01-01 00:00:00"));
    }

    // Found by tests/fuzz/audit_stream: a SANDBOX kosa8 could not have printed (a flag, a path,
    // bidi characters) was stored as a name the History page hands to the timeline and so to kosa8.
    void invalidSandboxNameIsAProblem_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addRow("table") << QByteArray("SEQ  ACTION          SANDBOX         DETAIL\n"
                                             "1    sandbox.create  box1            ok\n"
                                             "2    sandbox.run     ../../etc       path\n"
                                             "3    sandbox.run     -rf             flag\n"
                                             "4    daemon.start                    none\n"
                                             "5    sandbox.run     box\xE2\x80\xAE"
                                             "exe       bidi\n"
                                             "6    sandbox.stop    box1            ok\n");
        QTest::addRow("json lines") << QByteArray("{\"seq\": 1, \"sandbox\": \"box1\"}\n"
                                                  "{\"seq\": 2, \"sandbox\": \"../../etc\"}\n"
                                                  "{\"seq\": 3, \"sandbox\": \"-rf\"}\n"
                                                  "{\"seq\": 4, \"sandbox\": \"\"}\n"
                                                  "{\"seq\": 5, \"sandbox\": \"box\\u202eexe\"}\n"
                                                  "{\"seq\": 6, \"sandbox\": \"box1\"}\n");
    }
    void invalidSandboxNameIsAProblem()
    {
        QFETCH(QByteArray, data);
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, data, 5);
        QCOMPARE(store.rowCount(), 3);
        QCOMPARE(store.row(0).seq, 1);
        QCOMPARE(store.row(1).seq, 4); // no sandbox: a daemon entry, kept
        QCOMPARE(store.row(2).seq, 6);
        QCOMPARE(store.names(NameColumn::Sandbox), QStringList({QString(), QStringLiteral("box1")}));
        const QList<AuditProblem> problems = store.problems();
        QCOMPARE(problems.size(), 3);
        const int table = data.startsWith("SEQ") ? 1 : 0; // the header is line 1
        QCOMPARE(problems[0].lineNumber, 2 + table);
        QCOMPARE(problems[1].lineNumber, 3 + table);
        QCOMPARE(problems[2].lineNumber, 5 + table);
        for (const AuditProblem& problem : problems)
            QVERIFY2(problem.reason.contains(QStringLiteral("SANDBOX")), qPrintable(problem.reason));
        QVERIFY(problems[0].reason.contains(QStringLiteral("../../etc")));
    }

    // Found by tests/fuzz/audit_stream: a line of form feeds or vertical tabs was skipped as blank
    // before the first JSON object but reported as "not a JSON object" after it.
    void formFeedLineIsBlankInJson()
    {
        AuditStore store;
        AuditStreamParser parser(&store);
        feedInPieces(&parser, "\f\n{\"seq\": 1}\n \f\v\n{\"seq\": 2}\n\v\n", 4);
        QCOMPARE(parser.format(), AuditStreamParser::Format::JsonLines);
        QCOMPARE(store.rowCount(), 2);
        QCOMPARE(store.problemCount(), 0);
        QCOMPARE(store.row(1).line, 4);
    }

    void hugeFieldIsCut()
    {
        AuditStore store;
        AuditStreamParser parser(&store);
        QByteArray line =
            "{\"seq\": 1, \"detail\": \"" + QByteArray(AuditStore::MaxFieldBytes + 100, 'x') + "\"}\n";
        parser.feed(line);
        parser.finish();
        QCOMPARE(store.rowCount(), 1);
        QVERIFY(store.text(0, TextField::Detail).size() <= AuditStore::MaxFieldBytes + 3);
        QVERIFY(store.textString(0, TextField::Detail).endsWith(QStringLiteral("…")));
    }

    // Rows in many chunks, text in arena chunks that grow from small ones (and one of its own for
    // a field past the chunk size): every row reads back as it was stored.
    void rowsAcrossChunksReadBack()
    {
        AuditStore store;
        const qsizetype count = 3 * AuditStore::RowChunkSize + 17;
        auto detailOf = [](qsizetype i) {
            // Mostly short, every 500th 100 KiB: more than the first arena chunk holds.
            return i % 500 == 7 ? QByteArray(100 * 1024, char('a' + i % 26))
                                : "detail " + QByteArray::number(i) + QByteArray(int(i % 300), 'y');
        };
        for (qsizetype i = 0; i < count; ++i) {
            AuditRowInput input;
            input.seq = i + 1;
            input.line = qint32(i + 2);
            const QByteArray detail = detailOf(i);
            input.text[int(TextField::Detail)] = detail;
            const QByteArray sandbox = "box" + QByteArray::number(i % 60);
            input.names[int(NameColumn::Sandbox)] = sandbox;
            QCOMPARE(store.append(input), i);
        }
        QCOMPARE(store.rowCount(), count);
        for (qsizetype i = 0; i < count; ++i) {
            QCOMPARE(store.row(i).seq, i + 1);
            QCOMPARE(store.row(i).line, qint32(i + 2));
            QCOMPARE(store.row(i).timeMs, AuditRow::NoTime);
            QCOMPARE(store.text(i, TextField::Detail), detailOf(i));
            QCOMPARE(store.name(NameColumn::Sandbox, store.row(i).names[int(NameColumn::Sandbox)]),
                     QStringLiteral("box%1").arg(i % 60));
        }
        QCOMPARE(store.rowOfSeq(Source::Kosa8, count), count - 1);
    }

    // A short log (a refresh, one sandbox's entries) takes little: one small row chunk and the
    // first, small arena chunk, not room sized for thousands of rows.
    void aShortLogTakesLittle()
    {
        AuditStore store;
        AuditStreamParser parser(&store);
        parser.feed(table());
        parser.finish();
        QCOMPARE(store.rowCount(), 3);
        QCOMPARE(store.memoryBytes(), qint64(AuditStore::RowChunkSize * qsizetype(sizeof(AuditRow)) +
                                             AuditStore::ArenaFirstChunkBytes));
        QVERIFY(store.memoryBytes() <= 256 * 1024); // was 5.25 MiB: 16384 rows and 4 MiB of arena
    }
};

QTEST_GUILESS_MAIN(TstAuditParser)
#include "tst_auditparser.moc"
