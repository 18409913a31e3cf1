// SPDX-License-Identifier: Apache-2.0
// The store, the filter, the merge with the ledger, the table model and the export, without a
// process: entries are fed to the parser as kosa8 would print them.
#include "history/AuditExport.h"
#include "history/AuditFilter.h"
#include "history/AuditStore.h"
#include "history/AuditStreamParser.h"
#include "history/AuditTableModel.h"
#include "history/DecisionFields.h"
#include "history/LedgerSource.h"
#include "history/TimeText.h"

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace k8::history;

namespace {

struct Entry
{
    int seq;
    int second; // after 10:00:00
    const char* actor;
    const char* action;
    const char* sandbox;
    const char* detail;
};

QByteArray jsonLines(const QList<Entry>& entries)
{
    QByteArray out;
    for (const Entry& e : entries) {
        QJsonObject o;
        o.insert(QStringLiteral("seq"), e.seq);
        o.insert(QStringLiteral("time"), QStringLiteral("2026-12-01T10:%1:%2Z")
                                             .arg(e.second / 60, 2, 10, QLatin1Char('0'))
                                             .arg(e.second % 60, 2, 10, QLatin1Char('0')));
        o.insert(QStringLiteral("actor"), QString::fromUtf8(e.actor));
        o.insert(QStringLiteral("action"), QString::fromUtf8(e.action));
        o.insert(QStringLiteral("sandbox"), QString::fromUtf8(e.sandbox));
        o.insert(QStringLiteral("detail"), QString::fromUtf8(e.detail));
        o.insert(QStringLiteral("hash"), QStringLiteral("%1").arg(e.seq, 64, 16, QLatin1Char('0')));
        out += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

const QList<Entry>& sample()
{
    static const QList<Entry> entries = {
        {1, 0, "human", "sandbox.create", "box1", "egress=deny"},
        {2, 10, "agent", "sandbox.run", "box1", "image=python:3.12 python 42 bytes"},
        {3, 20, "agent", "sandbox.run", "box2", "image=node:22 node 7 bytes"},
        {4, 30, "human", "checkpoint.create", "box1", "label=before-run"},
        {5, 40, "agent", "sandbox.exec", "box2", "ls -la, \"quoted\"\nsecond line"},
        {6, 50, "human", "rewind", "box1", "=HYPERLINK(\"http://evil\")"},
    };
    return entries;
}

std::shared_ptr<AuditStore> loaded(const QList<Entry>& entries)
{
    auto store = std::make_shared<AuditStore>();
    AuditStreamParser parser(store.get());
    parser.feed(jsonLines(entries));
    parser.finish();
    return store;
}

// The same rows in the same order. Not QList's ==: for two empty lists of which one has storage
// and the other none, Qt 6.4 passes memcmp a null pointer (undefined, and the sanitizer build
// stops there), and a filter's result is often empty.
bool sameRows(const QList<qint32>& a, const QList<qint32>& b)
{
    return a.size() == b.size() && std::equal(a.cbegin(), a.cend(), b.cbegin());
}

QList<qint32> filtered(const AuditStore& store, const AuditFilter& filter, const AuditSort& sort = {})
{
    QList<qint32> rows = AuditFilterEngine::match(store, 0, store.rowCount(), filter);
    AuditFilterEngine::sort(store, &rows, sort);
    return rows;
}

QList<qint64> seqs(const AuditStore& store, const QList<qint32>& rows)
{
    QList<qint64> out;
    for (const qint32 r : rows)
        out.append(store.row(r).seq);
    return out;
}

// A ledger line as Ledger writes it (hash and prev are not checked by the reader of the history).
QByteArray ledgerLine(int seq, const QString& time, const QString& decision, const QString& decidedBy,
                      const QString& sandbox, const QString& title)
{
    QJsonObject o;
    o.insert(QStringLiteral("seq"), seq);
    o.insert(QStringLiteral("time"), time);
    o.insert(QStringLiteral("request"), QStringLiteral("req-%1").arg(seq));
    o.insert(QStringLiteral("agent"), QStringLiteral("langgraph"));
    o.insert(QStringLiteral("method"), QStringLiteral("run"));
    o.insert(QStringLiteral("payload_sha256"), QString(64, QLatin1Char('a')));
    o.insert(QStringLiteral("decision"), decision);
    o.insert(QStringLiteral("decided_by"), decidedBy);
    o.insert(QStringLiteral("sandbox"), sandbox);
    o.insert(QStringLiteral("title"), title);
    o.insert(QStringLiteral("prev"), QStringLiteral("%1").arg(seq - 1, 64, 16, QLatin1Char('0')));
    o.insert(QStringLiteral("hash"), QStringLiteral("d%1").arg(seq, 63, 16, QLatin1Char('0')));
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

// Rows given field by field, straight into the store (no parser): text the parser would never
// make too, such as a hash that is not hex or one in upper case.
struct TextRow
{
    QByteArray detail;
    QByteArray hash;
    QByteArray extra;
    const char* actor;
    const char* sandbox;
    Source source;
};

std::shared_ptr<AuditStore> storeOf(const QList<TextRow>& rows)
{
    auto store = std::make_shared<AuditStore>();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        AuditRowInput input;
        input.source = rows[i].source;
        input.seq = i + 1;
        // One a second, the ledger's rows 500 s earlier: by time they go before kosa8's next to them.
        input.timeMs = 1'796'083'200'000 + i * 1000 - (rows[i].source == Source::Desk ? 500'000 : 0);
        input.text[int(TextField::Detail)] = rows[i].detail;
        input.text[int(TextField::Hash)] = rows[i].hash;
        input.text[int(TextField::Extra)] = rows[i].extra;
        input.names[int(NameColumn::Actor)] = rows[i].actor;
        input.names[int(NameColumn::Action)] = "sandbox.run";
        input.names[int(NameColumn::Sandbox)] = rows[i].sandbox;
        store->append(input);
    }
    return store;
}

QByteArray asciiLower(QByteArray text)
{
    for (char& c : text) {
        if (c >= 'A' && c <= 'Z')
            c = char(c + 32);
    }
    return text;
}

// What the free text means (AuditFilter::text), the slow and obvious way: a name containing it in
// either case, SEQ when it is a number, the detail or extra containing it with ASCII letters in
// either case, the hash too when it is hex.
QList<qint32> plainTextSearch(const AuditStore& store, const QString& typed)
{
    const QString text = typed.trimmed();
    const QByteArray needle = asciiLower(text.toUtf8());
    bool number = false;
    const qint64 seq = text.toLongLong(&number);
    const bool hex = !needle.isEmpty() && std::all_of(needle.begin(), needle.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
    QList<qint32> rows;
    for (qsizetype r = 0; r < store.rowCount(); ++r) {
        const AuditRow& row = store.row(r);
        bool found = text.isEmpty() || (number && row.seq == seq);
        for (int c = 0; c < int(NameColumn::Count) && !found; ++c)
            found = store.name(NameColumn(c), row.names[c]).contains(text, Qt::CaseInsensitive);
        auto holds = [&](TextField field) {
            return asciiLower(store.text(r, field).toByteArray()).contains(needle);
        };
        found =
            found || holds(TextField::Detail) || holds(TextField::Extra) || (hex && holds(TextField::Hash));
        if (found)
            rows.append(qint32(r));
    }
    return rows;
}

// Rows that test the scan's corners: either case, punctuation with and without a bit of its own,
// UTF-8, a hash in upper case and one that is not hex, text longer than a word of eight bytes
// with what is looked for at every offset, a field cut at the store's limit.
QList<TextRow> awkwardRows()
{
    QList<TextRow> rows = {
        {"image=python:3.12 step 7 exit 3",
         "6d3b6b26c3123848de528706981dea039d4a7305cc5fa60cd1d2d674794b89e8", "", "agent", "box-01",
         Source::Kosa8},
        {"IMAGE=Python:3.12 STEP 70 Exit 1", "ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF01234567",
         "", "human", "box-02", Source::Kosa8},
        {"ls -la | grep '^d' > /tmp/out.txt; echo $HOME ~ `id` \\ back", "", "key=value\nother=Zeta\tTabbed",
         "agent", "box-03", Source::Desk},
        {"Gr\xc3\xbc\xc3\x9f"
         "e aus K\xc3\xb6ln: na\xc3\xafve caf\xc3\xa9",
         "not-hex-at-all-ghij", "", "human", "Kiste-\xc3\x84", Source::Kosa8},
        {"[x] {y} @z `w` ^v |u ~t", "0000", "", "agent", "box-01", Source::Desk},
        {"", "", "", "agent", "box-04", Source::Kosa8},
        {QByteArray(AuditStore::MaxFieldBytes + 10, 'q') + "tail", "", "", "human", "box-05", Source::Kosa8},
    };
    for (int offset = 0; offset < 18; ++offset) {
        // "Zq" at the end of the detail, the hash next to it in the arena: "zqq" is in neither.
        rows.append({QByteArray(offset, '.') + "Zq", "q0", "", "agent", "box-07", Source::Kosa8});
        rows.append({QByteArray(offset, '.') + "NeedleStack" + QByteArray(offset % 3, '-'),
                     QByteArray(offset, 'f') + "abc", offset % 2 ? QByteArray("x=Needle") : QByteArray(),
                     "agent", "box-06", offset % 4 ? Source::Kosa8 : Source::Desk});
    }
    return rows;
}

QStringList needlesFor(const QList<TextRow>& rows)
{
    QStringList needles;
    for (int c = 0x21; c < 0x7f; ++c)
        needles.append(QString(QChar(c)));
    for (const TextRow& row : rows) {
        for (const QByteArray& field : {row.detail.left(200), row.hash, row.extra}) {
            const QString text = QString::fromUtf8(field);
            for (qsizetype at = 0; at < text.size(); at += 3) {
                for (qsizetype length = 2; length <= 6 && at + length <= text.size(); length += 2) {
                    needles.append(text.mid(at, length));
                    needles.append(text.mid(at, length).toUpper());
                }
            }
        }
    }
    needles += {QStringLiteral("tail"),   QStringLiteral("qqqq\u2026"),
                QStringLiteral("\u2026"), QStringLiteral("\u00fc"),
                QStringLiteral("\u00dc"), QStringLiteral("  step  "),
                QStringLiteral("7"),      QStringLiteral("70"),
                QStringLiteral("ABCDEF"), QStringLiteral("fabc"),
                QStringLiteral("g"),      QStringLiteral("stacK-"),
                QStringLiteral("zqq"),    QStringLiteral("no such thing")};
    needles.removeDuplicates();
    return needles;
}

QString describe(const AuditStore& store, const QList<qint32>& rows)
{
    QStringList out;
    for (const qint32 r : rows)
        out.append(QString::number(store.row(r).seq));
    return out.join(QLatin1Char(' '));
}
} // namespace

class TstAuditTableModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void storeIsCompact()
    {
        // A million rows must fit in a few hundred MB: the row record is fixed and small.
        QVERIFY(sizeof(AuditRow) <= 80);
        auto store = loaded(sample());
        QCOMPARE(store->rowCount(), 6);
        QCOMPARE(store->names(NameColumn::Sandbox),
                 (QStringList{QString(), QStringLiteral("box1"), QStringLiteral("box2")}));
        QCOMPARE(store->rowOfSeq(Source::Kosa8, 4), 3);
        QCOMPARE(store->rowOfSeq(Source::Kosa8, 99), -1);
    }

    void filterCombinations()
    {
        auto store = loaded(sample());
        AuditFilter f;
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{1, 2, 3, 4, 5, 6}));
        f.actor = QStringLiteral("agent");
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{2, 3, 5}));
        f.sandbox = QStringLiteral("box2");
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{3, 5}));
        f.action = QStringLiteral("sandbox.run");
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{3}));
        f = AuditFilter();
        f.text = QStringLiteral("PYTHON"); // either case
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{2}));
        f.text = QStringLiteral("box2"); // a sandbox name matches the free text too
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{3, 5}));
        f.text = QStringLiteral("4"); // a number also matches SEQ
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{2, 4}));
        f = AuditFilter();
        qint64 from = 0, to = 0;
        QVERIFY(parseTimeMs("2026-12-01T10:00:10Z", &from));
        QVERIFY(parseTimeMs("2026-12-01T10:00:30Z", &to));
        f.fromMs = from;
        f.toMs = to;
        QCOMPARE(seqs(*store, filtered(*store, f)), (QList<qint64>{2, 3, 4}));
        f.source = int(Source::Desk);
        QCOMPARE(seqs(*store, filtered(*store, f)), QList<qint64>());
        f = AuditFilter();
        f.text = QStringLiteral("no such thing");
        QCOMPARE(filtered(*store, f).size(), 0);
    }

    // Issue 26: the filter reads each row's character bits before its text and scans the text eight
    // bytes at a time. Whatever the shortcut, the rows are those a plain search finds, for every
    // printable ASCII character (the first keystroke) and for pieces of the rows' own text in
    // either case, through each way the filter runs (a pass over the store, one within earlier
    // rows, and the runner's, which splits the sources while it reads).
    void textFilterFindsWhatAPlainSearchFinds()
    {
        const QList<TextRow> rows = awkwardRows();
        auto store = storeOf(rows);
        const QStringList needles = needlesFor(rows);
        QVERIFY(needles.size() > 500);
        QList<qint32> everything;
        for (qsizetype r = 0; r < store->rowCount(); ++r)
            everything.append(qint32(r));
        int found = 0;
        for (const QString& needle : needles) {
            AuditFilter filter;
            filter.text = needle;
            const QList<qint32> want = plainTextSearch(*store, needle);
            const QList<qint32> got = AuditFilterEngine::match(*store, 0, store->rowCount(), filter);
            QVERIFY2(sameRows(got, want),
                     qPrintable(QStringLiteral("\"%1\": %2, expected %3")
                                    .arg(needle, describe(*store, got), describe(*store, want))));
            QVERIFY2(sameRows(AuditFilterEngine::matchWithin(*store, everything, filter), want),
                     qPrintable(needle));
            found += want.isEmpty() ? 0 : 1;
        }
        QVERIFY(found > needles.size() / 2); // most needles find something: the rows are exercised

        // The cut field holds its first MaxFieldBytes and an ellipsis, nothing after the cut.
        AuditFilter tail;
        tail.text = QStringLiteral("qqq\u2026");
        QCOMPARE(seqs(*store, filtered(*store, tail)), (QList<qint64>{7}));
        tail.text = QStringLiteral("zqq");
        QCOMPARE(filtered(*store, tail).size(), 0);
        tail.text = QStringLiteral("tail");
        QCOMPARE(filtered(*store, tail).size(), 0);

        // The runner's pass, which parts kosa8's and the ledger's rows as it reads them and merges
        // them by time: the same rows, in the order of a pass over the store and a sort.
        AuditFilterRunner runner;
        QSignalSpy done(&runner, &AuditFilterRunner::finished);
        for (const QString& needle : {QStringLiteral("e"), QStringLiteral("N"), QStringLiteral("needle"),
                                      QStringLiteral("$"), QStringLiteral("F"), QStringLiteral("~T")}) {
            AuditFilter filter;
            filter.text = needle;
            const quint64 generation = runner.request(store, store->rowCount(), filter, {});
            QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty() && done.last().at(0).toULongLong() == generation, 10000);
            QList<qint32> got = done.last().at(1).value<QList<qint32>>();
            QVERIFY2(sameRows(got, filtered(*store, filter)), qPrintable(needle));
            std::sort(got.begin(), got.end());
            QVERIFY2(sameRows(got, plainTextSearch(*store, needle)), qPrintable(needle));
        }
    }

    void caseDoesNotChangeTheRows()
    {
        auto store = storeOf(awkwardRows());
        for (const QString& text :
             {QStringLiteral("step"), QStringLiteral("needlestack"), QStringLiteral("zeta"),
              QStringLiteral("abcdef"), QStringLiteral("s"), QStringLiteral("$home")}) {
            AuditFilter lower;
            lower.text = text;
            AuditFilter upper;
            upper.text = text.toUpper();
            AuditFilter mixed;
            mixed.text = text.left(1).toUpper() + text.mid(1);
            const QList<qint32> rows = filtered(*store, lower);
            QVERIFY2(!rows.isEmpty(), qPrintable(text));
            QCOMPARE(filtered(*store, upper), rows);
            QCOMPARE(filtered(*store, mixed), rows);
        }
    }

    void narrowingFiltersRunOnThePreviousResult()
    {
        AuditFilter box;
        box.text = QStringLiteral("Box");
        AuditFilter box2 = box;
        box2.text = QStringLiteral("box2");
        QVERIFY(AuditFilterEngine::narrows(box, box2));
        QVERIFY(!AuditFilterEngine::narrows(box2, box));
        AuditFilter other = box2;
        other.actor = QStringLiteral("agent");
        QVERIFY(!AuditFilterEngine::narrows(box, other)); // another field changed
        AuditFilter four;
        four.text = QStringLiteral("4");
        AuditFilter fortyTwo;
        fortyTwo.text = QStringLiteral("42");
        QVERIFY(!AuditFilterEngine::narrows(four, fortyTwo));     // numbers also match SEQ exactly
        QVERIFY(!AuditFilterEngine::narrows(AuditFilter(), box)); // from nothing: a full pass

        auto store = loaded(sample());
        const QList<qint32> wide = filtered(*store, box, {AuditColumn::Time, Qt::DescendingOrder});
        QCOMPARE(AuditFilterEngine::matchWithin(*store, wide, box2),
                 filtered(*store, box2, {AuditColumn::Time, Qt::DescendingOrder}));
    }

    void sorting()
    {
        auto store = loaded(sample());
        QCOMPARE(seqs(*store, filtered(*store, {}, {AuditColumn::Time, Qt::DescendingOrder})),
                 (QList<qint64>{6, 5, 4, 3, 2, 1}));
        // By action, time breaking ties.
        QCOMPARE(seqs(*store, filtered(*store, {}, {AuditColumn::Action, Qt::AscendingOrder})),
                 (QList<qint64>{4, 6, 1, 5, 2, 3}));
        QCOMPARE(seqs(*store, filtered(*store, {}, {AuditColumn::Sandbox, Qt::DescendingOrder})),
                 (QList<qint64>{3, 5, 1, 2, 4, 6}));
    }

    // Issue 25, defect 10: the ledger writes a run's decision when its answer leaves, after kosa8
    // took the checkpoint and ran it, and kosa8's times are whole seconds. By time alone the
    // approval read after the run it caused; the checkpoint label links them, so the decision
    // comes first. A decision without a label, or whose checkpoint kosa8 does not list, keeps
    // its place by time.
    void decisionComesBeforeTheRunItCaused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        auto withCheckpoint = [](QByteArray line, const char* label) {
            QJsonObject o = QJsonDocument::fromJson(line).object();
            o.insert(QStringLiteral("checkpoint"), QString::fromUtf8(label));
            return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        };
        // Approved for kosa8's checkpoint "before-run" (kosa8: 10:00:30), written at 10:00:31.2.
        file.write(withCheckpoint(ledgerLine(1, QStringLiteral("2026-12-01T10:00:31.200Z"),
                                             QStringLiteral("approve"), QStringLiteral("person"),
                                             QStringLiteral("box1"), QStringLiteral("run")),
                                  "before-run"));
        // A checkpoint kosa8 does not list: by time.
        file.write(withCheckpoint(ledgerLine(2, QStringLiteral("2026-12-01T10:00:45.000Z"),
                                             QStringLiteral("approve"), QStringLiteral("person"),
                                             QStringLiteral("box2"), QStringLiteral("other")),
                                  "before-gone"));
        file.close();
        auto store = loaded(sample());
        QString error;
        QVERIFY(LedgerSource::load(path, store.get(), -1, &error));
        auto story = [&store](const QList<qint32>& rows) {
            QStringList out;
            for (const qint32 r : rows)
                out.append(AuditTableModel::sourceName(store->row(r).source) + QLatin1Char(':') +
                           QString::number(store->row(r).seq));
            return out;
        };
        const QStringList ascending{QStringLiteral("kosa8:1"), QStringLiteral("kosa8:2"),
                                    QStringLiteral("kosa8:3"), QStringLiteral("desk:1"),
                                    QStringLiteral("kosa8:4"), QStringLiteral("kosa8:5"),
                                    QStringLiteral("desk:2"),  QStringLiteral("kosa8:6")};
        QCOMPARE(story(filtered(*store, {})), ascending);
        QStringList descending = ascending;
        std::reverse(descending.begin(), descending.end());
        QCOMPARE(story(filtered(*store, {}, {AuditColumn::Time, Qt::DescendingOrder})), descending);
    }

    void mergeWithLedger()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // A person approved the run at 10:00:09 (kosa8 ran it at 10:00:10); a rule rejected one at 10:00:35.
        file.write(ledgerLine(1, QStringLiteral("2026-12-01T10:00:09.500Z"), QStringLiteral("approve"),
                              QStringLiteral("person"), QStringLiteral("box1"),
                              QStringLiteral("Describe the data")));
        file.write("{\"seq\": 2, \"torn\n");
        file.write(ledgerLine(2, QStringLiteral("2026-12-01T10:00:35.000Z"), QStringLiteral("reject"),
                              QStringLiteral("rule:no-network"), QStringLiteral("box2"),
                              QStringLiteral("curl it")));
        file.close();

        auto store = loaded(sample());
        QString error;
        QVERIFY(LedgerSource::load(path, store.get(), -1, &error));
        QCOMPARE(store->rowCount(), 8);
        QCOMPARE(store->problemCount(), 1);
        QCOMPARE(store->problems().first().source, Source::Desk);
        QCOMPARE(store->problems().first().lineNumber, 2);

        const QList<qint32> rows = filtered(*store, {});
        QStringList story;
        for (const qint32 r : rows)
            story.append(AuditTableModel::sourceName(store->row(r).source) + QLatin1Char(':') +
                         QString::number(store->row(r).seq));
        QCOMPARE(story,
                 (QStringList{QStringLiteral("kosa8:1"), QStringLiteral("desk:1"), QStringLiteral("kosa8:2"),
                              QStringLiteral("kosa8:3"), QStringLiteral("kosa8:4"), QStringLiteral("desk:2"),
                              QStringLiteral("kosa8:5"), QStringLiteral("kosa8:6")}));
        const qsizetype desk1 = store->rowOfSeq(Source::Desk, 1);
        QCOMPARE(AuditTableModel::cellText(*store, desk1, AuditColumn::Actor), QStringLiteral("human"));
        QCOMPARE(AuditTableModel::cellText(*store, desk1, AuditColumn::Action),
                 QStringLiteral("decision.approve"));
        QCOMPARE(AuditTableModel::cellText(*store, desk1, AuditColumn::DecidedBy), QStringLiteral("person"));
        QVERIFY(AuditTableModel::cellText(*store, desk1, AuditColumn::Detail)
                    .contains(QStringLiteral("Describe the data")));
        QCOMPARE(store->previousHash(desk1), QString(64, QLatin1Char('0')));
        QVERIFY(store->textString(desk1, TextField::Extra).contains(QStringLiteral("payload_sha256")));

        AuditFilter decisions;
        decisions.source = int(Source::Desk);
        QCOMPARE(filtered(*store, decisions).size(), 2);
        AuditFilter byRule;
        byRule.decidedBy = QStringLiteral("rule:no-network");
        QCOMPARE(seqs(*store, filtered(*store, byRule)), (QList<qint64>{2}));
        AuditFilter human;
        human.actor = QStringLiteral("human");
        QCOMPARE(filtered(*store, human).size(), 4); // three kosa8 entries and the person's decision

        // A refresh does not store the ledger's entries twice.
        QVERIFY(LedgerSource::load(path, store.get(), store->lastSeq(Source::Desk), &error));
        QCOMPARE(store->rowCount(), 8);
    }

    // Issue 24, finding 11: a run the app was killed in is "cut_off" in run-results.jsonl beside
    // the ledger; History marks the decision that approved it, and only that one.
    void cutOffRunIsMarked()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(ledgerLine(1, QStringLiteral("2026-12-01T10:00:09.500Z"), QStringLiteral("approve"),
                              QStringLiteral("person"), QStringLiteral("box1"), QStringLiteral("Hangs")));
        file.write(ledgerLine(2, QStringLiteral("2026-12-01T10:00:35.000Z"), QStringLiteral("approve"),
                              QStringLiteral("person"), QStringLiteral("box1"), QStringLiteral("Finished")));
        file.close();
        QFile results(dir.filePath(QStringLiteral("run-results.jsonl")));
        QVERIFY(results.open(QIODevice::WriteOnly));
        results.write(
            R"({"time":"2026-12-01T10:00:10.000Z","sandbox":"box1","request":"req-1","agent":"langgraph",)"
            R"("checkpoint":"","ran":false,"error":"cut","cut_off":true})"
            "\n");
        results.write(
            R"({"time":"2026-12-01T10:00:36.000Z","sandbox":"box1","request":"req-2","agent":"langgraph",)"
            R"("checkpoint":"","ran":true,"exit_code":0})"
            "\n");
        results.close();

        auto store = std::make_shared<AuditStore>();
        QString error;
        QVERIFY(LedgerSource::load(path, store.get(), -1, &error));
        QCOMPARE(store->rowCount(), 2);
        const QString cut =
            AuditTableModel::cellText(*store, store->rowOfSeq(Source::Desk, 1), AuditColumn::Detail);
        const QString done =
            AuditTableModel::cellText(*store, store->rowOfSeq(Source::Desk, 2), AuditColumn::Detail);
        QVERIFY2(cut.contains(QStringLiteral("cut off")), qPrintable(cut));
        QVERIFY2(!done.contains(QStringLiteral("cut off")), qPrintable(done));
    }

    // Issue 28: a person's trial is listed beside the decisions, said as a trial, with its copy
    // and the code's exit code; it is no run of the sandbox itself.
    void trialIsListedAsATrial()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("ledger.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QJsonObject trial =
            QJsonDocument::fromJson(ledgerLine(1, QStringLiteral("2026-12-01T10:00:09.500Z"),
                                               QStringLiteral("trial"), QStringLiteral("person"),
                                               QStringLiteral("box1"), QStringLiteral("Try me")))
                .object();
        trial.insert(QStringLiteral("copy"), QStringLiteral("box1-fork1"));
        trial.insert(QStringLiteral("exit_code"), 3);
        trial.insert(QStringLiteral("language"), QStringLiteral("python"));
        trial.insert(QStringLiteral("image"), QStringLiteral("python:3.12-slim"));
        file.write(QJsonDocument(trial).toJson(QJsonDocument::Compact) + '\n');
        file.close();
        auto store = std::make_shared<AuditStore>();
        QString error;
        QVERIFY(LedgerSource::load(path, store.get(), -1, &error));
        QCOMPARE(store->rowCount(), 1);
        const qsizetype row = store->rowOfSeq(Source::Desk, 1);
        const QString detail = AuditTableModel::cellText(*store, row, AuditColumn::Detail);
        QVERIFY2(detail.contains(QStringLiteral("trial of agent")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("in the throwaway copy box1-fork1, exit code 3")),
                 qPrintable(detail));
        QCOMPARE(AuditTableModel::cellText(*store, row, AuditColumn::Action),
                 QStringLiteral("decision.trial"));
        const QString where = DecisionFields::cellText(trial, AuditColumn::Where);
        QCOMPARE(where, QStringLiteral("python in box1-fork1, a throwaway copy of box1 (python:3.12-slim)"));
        QVERIFY(!DecisionFields::isTimelineRun(trial));
    }

    void modelWithTester()
    {
        auto store = loaded(sample());
        AuditTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setStore(store);
        QCOMPARE(model.rowCount(), 0);
        model.appendRows(AuditFilterEngine::match(*store, 0, 3, {}));
        model.appendRows(AuditFilterEngine::match(*store, 3, 6, {}));
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(model.columnCount(), int(AuditColumn::Count));
        QCOMPARE(model.index(1, int(AuditColumn::Actor)).data().toString(), QStringLiteral("agent"));
        QCOMPARE(model.index(0, int(AuditColumn::Time)).data().toString(),
                 QStringLiteral("2026-12-01 10:00:00"));
        QCOMPARE(model.index(0, int(AuditColumn::Source)).data().toString(), QStringLiteral("kosa8"));
        // Multi-line agent text shows on one line in the table.
        QCOMPARE(model.index(4, int(AuditColumn::Detail)).data().toString(),
                 QStringLiteral("ls -la, \"quoted\" second line"));
        QCOMPARE(model.index(0, int(AuditColumn::Hash)).data().toString().size(), 10);

        // Sorting keeps the selection's entry (persistent indexes follow it).
        QPersistentModelIndex third(model.index(2, 0));
        QCOMPARE(third.data(AuditTableModel::SeqRole).toLongLong(), 3);
        model.sort(int(AuditColumn::Time), Qt::DescendingOrder);
        QCOMPARE(model.index(0, 0).data(AuditTableModel::SeqRole).toLongLong(), 6);
        QCOMPARE(third.row(), 3);
        QCOMPARE(third.data(AuditTableModel::SeqRole).toLongLong(), 3);

        AuditFilter agent;
        agent.actor = QStringLiteral("agent");
        QList<qint32> rows = AuditFilterEngine::match(*store, 0, store->rowCount(), agent);
        AuditFilterEngine::sort(*store, &rows, model.sortOrder());
        model.setRows(rows);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, 0).data(AuditTableModel::SeqRole).toLongLong(), 5);
        QCOMPARE(model.viewRowOf(store->rowOfSeq(Source::Kosa8, 2)), 2);

        model.setHighlightedStoreRow(store->rowOfSeq(Source::Kosa8, 3));
        QVERIFY(model.index(1, 0).data(AuditTableModel::HighlightRole).toBool());
        QVERIFY(!model.index(0, 0).data(AuditTableModel::HighlightRole).toBool());
    }

    void largeSortIsAskedFor()
    {
        // More rows than SyncSortLimit: sort() asks its owner instead of sorting on the UI thread.
        auto store = std::make_shared<AuditStore>();
        AuditStreamParser parser(store.get());
        parser.feed("SEQ  DETAIL\n");
        for (int i = 1; i <= AuditTableModel::SyncSortLimit + 10; ++i)
            parser.feed(QByteArray::number(i) + "  x\n");
        parser.finish();
        AuditTableModel model;
        model.setStore(store);
        model.setRows(AuditFilterEngine::match(*store, 0, store->rowCount(), {}));
        QSignalSpy asked(&model, &AuditTableModel::sortRequested);
        model.sort(int(AuditColumn::Seq), Qt::DescendingOrder);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(model.index(0, 0).data(AuditTableModel::SeqRole).toLongLong(), 1); // not sorted here
    }

    void filterRunnerOffThread()
    {
        auto store = loaded(sample());
        AuditFilterRunner runner;
        QSignalSpy done(&runner, &AuditFilterRunner::finished);
        AuditFilter first;
        first.text = QStringLiteral("box");
        runner.request(store, store->rowCount(), first, {});
        AuditFilter second;
        second.actor = QStringLiteral("human");
        const quint64 latest =
            runner.request(store, store->rowCount(), second, {AuditColumn::Time, Qt::DescendingOrder});
        QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty() && done.last().at(0).toULongLong() == latest, 10000);
        QCOMPARE(seqs(*store, done.last().at(1).value<QList<qint32>>()), (QList<qint64>{6, 4, 1}));
        // Only the newest request's result is delivered.
        for (const auto& call : done)
            QCOMPARE(call.at(0).toULongLong(), latest);
    }

    void exportCsvRoundTrip()
    {
        auto store = loaded(sample());
        const QList<qint32> rows = filtered(*store, {});
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(AuditExport::write(*store, rows, AuditExport::Format::Csv, &buffer, &error));
        const QByteArray csv = buffer.data();

        // A small RFC 4180 reader: quoted fields, doubled quotes, CRLF rows.
        QList<QStringList> records;
        QStringList record;
        QString field;
        bool quoted = false;
        const QString text = QString::fromUtf8(csv);
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar c = text[i];
            if (quoted) {
                if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else if (c == QLatin1Char('"')) {
                    quoted = false;
                } else {
                    field += c;
                }
            } else if (c == QLatin1Char('"')) {
                quoted = true;
            } else if (c == QLatin1Char(',')) {
                record.append(field);
                field.clear();
            } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
                record.append(field);
                field.clear();
                records.append(record);
                record.clear();
                ++i;
            } else {
                field += c;
            }
        }
        QCOMPARE(records.size(), 7);
        QCOMPARE(records[0], AuditExport::columnNames());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QStringList& r = records[i + 1];
            QCOMPARE(r.size(), 11);
            QCOMPARE(r[1].toLongLong(), store->row(rows[i]).seq);
            QString detail = r[8];
            // The formula guard: an apostrophe in front of '=', '+', '-', '@'.
            if (detail.startsWith(QLatin1Char('\'')) && detail.size() > 1 &&
                QStringLiteral("=+-@").contains(detail[1]))
                detail.remove(0, 1);
            QCOMPARE(detail, store->textString(rows[i], TextField::Detail));
            QCOMPARE(r[9], store->textString(rows[i], TextField::Hash));
            QCOMPARE(r[10], store->previousHash(rows[i]));
        }
        QVERIFY(csv.contains("\"'=HYPERLINK(\"\"http://evil\"\")\""));
    }

    void exportJsonLinesRoundTrip()
    {
        auto store = loaded(sample());
        AuditFilter agent;
        agent.actor = QStringLiteral("agent");
        const QList<qint32> rows = filtered(*store, agent);
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QString error;
        QVERIFY(AuditExport::write(*store, rows, AuditExport::Format::JsonLines, &buffer, &error));
        const QList<QByteArray> lines = buffer.data().split('\n');
        QCOMPARE(lines.size(), rows.size() + 1);
        QVERIFY(lines.last().isEmpty());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(o.value(QStringLiteral("seq")).toInteger(), store->row(rows[i]).seq);
            QCOMPARE(o.value(QStringLiteral("actor")).toString(), QStringLiteral("agent"));
            QCOMPARE(o.value(QStringLiteral("detail")).toString(),
                     store->textString(rows[i], TextField::Detail));
            QCOMPARE(o.value(QStringLiteral("time_utc_ms")).toInteger(), store->row(rows[i]).timeMs);
            QCOMPARE(o.value(QStringLiteral("source")).toString(), QStringLiteral("kosa8"));
        }
        // A cancelled export says so.
        std::atomic<bool> cancel{true};
        QBuffer other;
        other.open(QIODevice::WriteOnly);
        QVERIFY(!AuditExport::write(*store, rows, AuditExport::Format::JsonLines, &other, &error, &cancel));
        QVERIFY(error.contains(QStringLiteral("cancelled")));
    }
};

QTEST_GUILESS_MAIN(TstAuditTableModel)
#include "tst_audittablemodel.moc"
