// SPDX-License-Identifier: Apache-2.0
#include "kosa8/ListParser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace k8::kosa8;

namespace {

// A list as kosa8 would print it: upper-case columns in the documented order, rows of text.
struct Fixture
{
    QStringList columns;
    QList<QStringList> rows;
};

Fixture fixture(const QString& kind)
{
    if (kind == u"sandboxes")
        return {{u"NAME"_s, u"STATUS"_s, u"EGRESS"_s, u"IMAGES"_s, u"CREATED"_s},
                {{u"demo"_s, u"running"_s, u"allow:pypi.org,files.pythonhosted.org"_s,
                  u"python:3.12-slim,alpine:3.19"_s, u"2024-05-01T12:00:00Z"_s},
                 {u"empty-one"_s, u"stopped"_s, u"deny"_s, QString(), u"2024-05-02T08:30:00Z"_s},
                 {u"odd"_s, u"upgrading now"_s, u"fakenet"_s, u"node:20"_s, u"2024-05-03T00:00:00+02:00"_s}}};
    if (kind == u"checkpoints")
        return {{u"LABEL"_s, u"ID"_s, u"CREATED"_s, u"SIZE"_s, u"CURRENT"_s},
                {{u"before-run"_s, u"ckpt-8d6b"_s, u"2024-05-01T12:00:00Z"_s, u"330.0MB"_s, QString()},
                 {u"second"_s, u"ckpt-8dd8"_s, u"2024-05-01T12:05:00Z"_s, u"337.7MB"_s, u"*"_s}}};
    if (kind == u"snapshots")
        return {{u"ID"_s, u"CREATED"_s, u"SIZE"_s},
                {{u"snap-0003"_s, u"2024-05-01T12:00:00Z"_s, u"6.7GB"_s},
                 {u"snap-0004"_s, u"2024-05-01T13:00:00Z"_s, QString()}}};
    if (kind == u"images")
        return {
            {u"REPOSITORY"_s, u"TAG"_s, u"SIZE"_s},
            {{u"python"_s, u"3.12-slim"_s, u"533.8MB"_s}, {u"ghcr.io/azmx/tool"_s, QString(), u"12MB"_s}}};
    return {{u"SEQ"_s, u"TIME"_s, u"ACTOR"_s, u"ACTION"_s, u"SANDBOX"_s, u"DETAIL"_s, u"HASH"_s},
            {{u"1"_s, u"2024-05-01T12:00:00Z"_s, u"human"_s, u"sandbox.create"_s, u"demo"_s,
              u"egress=deny -v /a:/b"_s, u"47fd2519"_s},
             {u"2"_s, u"2024-05-01T12:01:00Z"_s, u"agent"_s, u"daemon.stop"_s, QString(), QString(),
              u"4b1fe4c2"_s},
             {u"3"_s, u"2024-05-01T12:02:00Z"_s, u"agent"_s, u"sandbox.run"_s, u"demo"_s,
              u"image=python:3.12-slim python 55 bytes"_s, u"2fa3749f"_s}}};
}

// Docker-style table with the columns in `order` (indexes into f.columns), 3 spaces apart.
QByteArray table(const Fixture& f, const QList<int>& order)
{
    QList<qsizetype> widths;
    for (int c : order) {
        qsizetype w = f.columns[c].size();
        for (const QStringList& row : f.rows)
            w = std::max(w, row[c].size());
        widths.append(w);
    }
    QStringList lines;
    auto render = [&](auto cell) {
        QString line;
        for (qsizetype i = 0; i < order.size(); ++i)
            line += i + 1 < order.size() ? cell(order[i]).leftJustified(widths[i] + 3) : cell(order[i]);
        lines.append(line.trimmed().isEmpty() ? line : QString(line).remove(QRegularExpression(u"\\s+$"_s)));
    };
    render([&](int c) { return f.columns[c]; });
    for (const QStringList& row : f.rows)
        render([&](int c) { return row[c]; });
    return (lines.join(u'\n') + u'\n').toUtf8();
}

QList<int> allColumns(const Fixture& f)
{
    QList<int> order;
    for (int i = 0; i < f.columns.size(); ++i)
        order.append(i);
    return order;
}

QJsonArray jsonRecords(const Fixture& f, const QList<int>& order, bool typedValues)
{
    QJsonArray array;
    for (const QStringList& row : f.rows) {
        QJsonObject o;
        for (int c : order) {
            const QString key = f.columns[c].toLower();
            if (typedValues && key == u"images")
                o.insert(key, QJsonArray::fromStringList(row[c].split(u',', Qt::SkipEmptyParts)));
            else if (typedValues && key == u"seq")
                o.insert(key, row[c].toInt());
            else if (typedValues && key == u"current")
                o.insert(key, row[c] == u"*");
            else
                o.insert(key, row[c]);
        }
        array.append(o);
    }
    return array;
}

QByteArray jsonArray(const Fixture& f, bool typedValues)
{
    return QJsonDocument(jsonRecords(f, allColumns(f), typedValues)).toJson(QJsonDocument::Indented);
}

QByteArray jsonLines(const Fixture& f, bool typedValues)
{
    QByteArray out;
    for (const QJsonValue& v : jsonRecords(f, allColumns(f), typedValues))
        out += QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact) + '\n';
    return out;
}

QString extras(const QVariantMap& extra)
{
    QStringList parts;
    for (auto it = extra.begin(); it != extra.end(); ++it)
        parts.append(u"+"_s + it.key() + u'=' + it.value().toString());
    return parts.isEmpty() ? QString() : u"|"_s + parts.join(u'|');
}

// Items back in the fixture's text form: known fields in documented order, then extras. Read
// from the bytes, or (viaParsedList) from ListParser::parse() of them with the readers that take
// a parsed list.
QStringList describe(const QString& kind, const QByteArray& out, QList<int>* problemLines,
                     bool viaParsedList = false)
{
    const ParsedList list = viaParsedList ? ListParser::parse(out) : ParsedList();
    QStringList lines;
    QList<ParseProblem> problems;
    auto checkTime = [](const QDateTime& t, const QString& text) {
        if (!text.isEmpty() && !t.isValid())
            qWarning("time did not parse: %s", qPrintable(text));
        return text;
    };
    if (kind == u"sandboxes") {
        const auto parsed = viaParsedList ? ListParser::sandboxes(list) : ListParser::sandboxes(out);
        problems = parsed.problems;
        for (const Sandbox& s : parsed.items)
            lines.append(QStringList{s.name, s.status, s.egress.toString(), s.images.join(u','),
                                     checkTime(s.created, s.createdText)}
                             .join(u'|') +
                         extras(s.extra));
    } else if (kind == u"checkpoints") {
        const auto parsed = viaParsedList ? ListParser::checkpoints(list) : ListParser::checkpoints(out);
        problems = parsed.problems;
        for (const Checkpoint& c : parsed.items)
            lines.append(QStringList{c.label, c.id, checkTime(c.created, c.createdText), c.size,
                                     c.current ? u"*"_s : QString()}
                             .join(u'|') +
                         extras(c.extra));
    } else if (kind == u"snapshots") {
        const auto parsed = viaParsedList ? ListParser::snapshots(list) : ListParser::snapshots(out);
        problems = parsed.problems;
        for (const Snapshot& s : parsed.items)
            lines.append(QStringList{s.id, checkTime(s.created, s.createdText), s.size}.join(u'|') +
                         extras(s.extra));
    } else if (kind == u"images") {
        const auto parsed = viaParsedList ? ListParser::images(list) : ListParser::images(out);
        problems = parsed.problems;
        for (const Image& i : parsed.items)
            lines.append(QStringList{i.repository, i.tag, i.size}.join(u'|') + extras(i.extra));
    } else {
        const auto parsed = viaParsedList ? ListParser::auditEntries(list) : ListParser::auditEntries(out);
        problems = parsed.problems;
        for (const AuditEntry& e : parsed.items)
            lines.append(QStringList{QString::number(e.seq), checkTime(e.time, e.timeText), e.actor, e.action,
                                     e.sandbox, e.detail, e.hash}
                             .join(u'|') +
                         extras(e.extra));
    }
    for (const ParseProblem& p : problems) {
        // A problem without a reason shows up as line -1 and fails the comparison.
        problemLines->append(p.reason.isEmpty() ? -1 : p.lineNumber);
    }
    return lines;
}

QStringList expected(const Fixture& f, const QStringList& blankColumns = {}, const QString& extra = {})
{
    QStringList lines;
    for (const QStringList& row : f.rows) {
        QStringList cells;
        for (int c = 0; c < f.columns.size(); ++c)
            cells.append(blankColumns.contains(f.columns[c]) ? QString() : row[c]);
        lines.append(cells.join(u'|') + extra);
    }
    return lines;
}

const QStringList Kinds = {u"sandboxes"_s, u"checkpoints"_s, u"snapshots"_s, u"images"_s, u"audit"_s};

} // namespace

class TestListParser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void typed_data();
    void typed();
    void formatDetection_data();
    void formatDetection();
    void stripAnsi();
    void problemKeepsTheLine();
    void junkRowUnderSandboxTable();
    void noiseWithValidNamesIsNotASandbox();
    void invalidNamesInOtherLists();
    void datesAndTypedValues();
    void version_data();
    void version();
    void auditVerify_data();
    void auditVerify();
};

void TestListParser::typed_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QStringList>("items");
    QTest::addColumn<QList<int>>("problemLines");

    for (const QString& kind : Kinds) {
        const Fixture f = fixture(kind);
        const QList<int> order = allColumns(f);
        QList<int> reversed = order;
        std::reverse(reversed.begin(), reversed.end());
        QList<int> rotated = order.mid(1) + order.mid(0, 1);
        const QByteArray plain = table(f, order);
        auto row = [&](const char* what) -> QTestData& {
            return QTest::addRow("%s: %s", qPrintable(kind), what);
        };

        row("table") << kind << plain << expected(f) << QList<int>{};
        row("table, columns reversed") << kind << table(f, reversed) << expected(f) << QList<int>{};
        row("table, columns rotated") << kind << table(f, rotated) << expected(f) << QList<int>{};
        row("json array") << kind << jsonArray(f, false) << expected(f) << QList<int>{};
        row("json array, typed values") << kind << jsonArray(f, true) << expected(f) << QList<int>{};
        row("json lines") << kind << jsonLines(f, false) << expected(f) << QList<int>{};
        row("json lines, typed values") << kind << jsonLines(f, true) << expected(f) << QList<int>{};

        // Unknown column kept as an extra field, in the middle of the table.
        Fixture withExtra = f;
        withExtra.columns.insert(1, u"OWNER NAME"_s);
        for (QStringList& r : withExtra.rows)
            r.insert(1, u"alice b"_s);
        QStringList extraExpected = expected(f, {}, u"|+owner_name=alice b"_s);
        row("table, extra column") << kind << table(withExtra, allColumns(withExtra)) << extraExpected
                                   << QList<int>{};

        // A missing optional column (the last one) reads as empty.
        Fixture missing = f;
        missing.columns.removeLast();
        for (QStringList& r : missing.rows)
            r.removeLast();
        row("table, last column missing")
            << kind << table(missing, allColumns(missing)) << expected(f, {f.columns.last()}) << QList<int>{};

        QByteArray crlf = plain;
        crlf.replace("\n", "\r\n");
        row("table, CRLF") << kind << crlf << expected(f) << QList<int>{};
        row("table, BOM") << kind << QByteArray("\xEF\xBB\xBF") + plain << expected(f) << QList<int>{};
        row("table, trailing blank lines") << kind << plain + "\n   \n\r\n\n" << expected(f) << QList<int>{};
        row("table, leading blank lines") << kind << "\n\n" + plain << expected(f) << QList<int>{};
        QByteArray jsonCrlf = jsonLines(f, false);
        jsonCrlf.replace("\n", "\r\n");
        row("json lines, CRLF + BOM")
            << kind << QByteArray("\xEF\xBB\xBF") + jsonCrlf << expected(f) << QList<int>{};

        // ANSI colour around the header and around every first cell; alignment holds after stripping.
        QList<QByteArray> lines = plain.split('\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            if (lines[i].isEmpty())
                continue;
            if (i == 0) {
                lines[i] = "\x1b[1m" + lines[i] + "\x1b[0m";
            } else {
                const qsizetype space = lines[i].indexOf(' ');
                lines[i] = "\x1b[32m" + lines[i].left(space) + "\x1b[0m" + lines[i].mid(space);
            }
        }
        row("table, ANSI colours") << kind << lines.join('\n') << expected(f) << QList<int>{};

        // A line that cannot be read is reported with its number, and the rest is still read.
        QList<QByteArray> broken = plain.split('\n');
        broken.insert(2, "this   line   has   far   too   many   cells   to   fit   here");
        QStringList keptItems = expected(f);
        row("table, malformed line") << kind << broken.join('\n') << keptItems << QList<int>{3};

        QByteArray brokenJson = jsonLines(f, false);
        brokenJson.insert(brokenJson.indexOf('\n') + 1, "{\"truncated\": \n[1, 2]\n");
        row("json lines, malformed lines") << kind << brokenJson << expected(f) << QList<int>{2, 3};

        // A warning printed on stdout before the table.
        row("table after a warning line")
            << kind << "Warning: kosa8 daemon is older than the client\n" + plain << expected(f)
            << QList<int>{1};

        row("header only") << kind << table(Fixture{f.columns, {}}, order) << QStringList() << QList<int>{};
    }
}

void TestListParser::typed()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, output);
    QFETCH(QStringList, items);
    QFETCH(QList<int>, problemLines);
    QList<int> actualProblems;
    const QStringList actual = describe(kind, output, &actualProblems);
    QCOMPARE(actual, items);
    QCOMPARE(actualProblems, problemLines);
    QList<int> problemsViaList;
    QCOMPARE(describe(kind, output, &problemsViaList, true), items);
    QCOMPARE(problemsViaList, problemLines);
}

void TestListParser::formatDetection_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<int>("format");
    QTest::addColumn<int>("records");
    QTest::addColumn<QList<int>>("problemLines");

    QTest::newRow("empty") << QByteArray() << int(ParsedList::Format::Empty) << 0 << QList<int>{};
    QTest::newRow("blank lines only")
        << QByteArray("\n \r\n\t\n") << int(ParsedList::Format::Empty) << 0 << QList<int>{};
    QTest::newRow("BOM only") << QByteArray("\xEF\xBB\xBF\n") << int(ParsedList::Format::Empty) << 0
                              << QList<int>{};
    QTest::newRow("empty json array")
        << QByteArray("[]\n") << int(ParsedList::Format::JsonArray) << 0 << QList<int>{};
    QTest::newRow("json array of strings")
        << QByteArray("[\"a\", \"b\"]") << int(ParsedList::Format::JsonArray) << 0 << QList<int>{1, 1};
    QTest::newRow("json array, broken") << QByteArray("[\n{\"name\": \"a\"},\n{\"name\": }\n]")
                                        << int(ParsedList::Format::JsonArray) << 0 << QList<int>{3};
    QTest::newRow("json lines, not objects") << QByteArray("{\"name\": \"a\"}\n42\n\"x\"\n")
                                             << int(ParsedList::Format::JsonLines) << 1 << QList<int>{2, 3};
    QTest::newRow("pretty-printed single object")
        << QByteArray("{\n  \"name\": \"a\",\n  \"status\": \"running\"\n}\n")
        << int(ParsedList::Format::JsonLines) << 1 << QList<int>{};
    QTest::newRow("object wrapping an array")
        << QByteArray("{\"sandboxes\": [{\"name\": \"a\"}, {\"name\": \"b\"}]}")
        << int(ParsedList::Format::JsonArray) << 2 << QList<int>{};
    QTest::newRow("a JSON string") << QByteArray("\"just text\"\n") << int(ParsedList::Format::Table) << 0
                                   << QList<int>{1};
    QTest::newRow("garbage") << QByteArray("~0~ ^&z3cfz6;4*b>~ ;; c24f6aa8\n~1~ 8(?&y7xe& ;; 9ec353c1\n")
                             << int(ParsedList::Format::Table) << 0 << QList<int>{1, 2};
    QTest::newRow("not utf-8 in a cell") << QByteArray("NAME    STATUS\ncaf\xe9    running\n\xff\xfe\n")
                                         << int(ParsedList::Format::Table) << 2 << QList<int>{};
}

void TestListParser::formatDetection()
{
    QFETCH(QByteArray, output);
    QFETCH(int, format);
    QFETCH(int, records);
    QFETCH(QList<int>, problemLines);
    const ParsedList parsed = ListParser::parse(output);
    QCOMPARE(int(parsed.format), format);
    QCOMPARE(parsed.records.size(), records);
    QCOMPARE(parsed.recordLines.size(), records);
    QList<int> lines;
    for (const ParseProblem& p : parsed.problems) {
        QVERIFY(!p.reason.isEmpty());
        lines.append(p.lineNumber);
    }
    QCOMPARE(lines, problemLines);
}

void TestListParser::stripAnsi()
{
    QCOMPARE(ListParser::stripAnsi(u"\x1b[1;32mok\x1b[0m \x1b]0;title\x07x\x1b[2K"_s), u"ok x"_s);
    QCOMPARE(ListParser::stripAnsi(u"plain"_s), u"plain"_s);
}

void TestListParser::problemKeepsTheLine()
{
    // Not dropped silently: the line's text (without colour codes) and a reason are kept.
    const QByteArray out = "NAME   STATUS\ndemo   running\n\x1b[31m!!   ??   ##   more\x1b[0m\n";
    const auto parsed = ListParser::sandboxes(out);
    QCOMPARE(parsed.items.size(), 1);
    QCOMPARE(parsed.problems.size(), 1);
    QCOMPARE(parsed.problems[0].lineNumber, 3);
    QCOMPARE(parsed.problems[0].lineText, u"!!   ??   ##   more"_s);
    QVERIFY(parsed.problems[0].reason.contains(u"4 cells"_s));

    // A record without the required column is a problem too, with its line.
    const auto noName = ListParser::sandboxes("[{\"status\": \"running\"}]");
    QCOMPARE(noName.items.size(), 0);
    QCOMPARE(noName.problems.size(), 1);
    QVERIFY(noName.problems[0].reason.contains(u"NAME"_s));

    const auto badSeq = ListParser::auditEntries("SEQ   ACTOR\nx1    human\n2     agent\n");
    QCOMPARE(badSeq.items.size(), 1);
    QCOMPARE(badSeq.problems.size(), 1);
    QCOMPARE(badSeq.problems[0].lineNumber, 2);

    // Undecodable bytes become U+FFFD, never a crash; as a sandbox name they are reported.
    const QByteArray undecodable("NAME    STATUS\ncaf\xe9    running\n");
    const ParsedList generic = ListParser::parse(undecodable);
    QCOMPARE(generic.records.size(), 1);
    QCOMPARE(generic.records[0].value(u"name"_s).toString(), u"caf\uFFFD"_s);
    QCOMPARE(generic.records[0].value(u"status"_s).toString(), u"running"_s);
    const auto bytes = ListParser::sandboxes(undecodable);
    QCOMPARE(bytes.items.size(), 0);
    QCOMPARE(bytes.problems.size(), 1);
    QCOMPARE(bytes.problems[0].lineNumber, 2);
}

// The stand-in's "not-utf8" fault: a row of invalid bytes under a good table. It must be reported
// as a problem, not listed as a sandbox with a garbled name.
void TestListParser::junkRowUnderSandboxTable()
{
    const QByteArray output("NAME   STATUS    EGRESS   IMAGES   CREATED\n"
                            "demo   running   deny              2026-11-29T22:55:02Z\n"
                            "caf\xe9 \xff\xfe bytes \xc3( not utf-8\n");
    const Parsed<Sandbox> parsed = ListParser::sandboxes(output);
    QCOMPARE(parsed.items.size(), 1);
    QCOMPARE(parsed.items.first().name, u"demo"_s);
    QCOMPARE(parsed.problems.size(), 1);
    QCOMPARE(parsed.problems.first().lineNumber, 3);
    QVERIFY(parsed.problems.first().reason.contains(u"not a sandbox name"_s));
}

// Issue 24, finding 10: kosa8 printing noise between its rows (the stand-in's "noise" fault). A
// noise line whose first word happens to be a valid name ("g", "kl", "2se") is not a sandbox:
// a row is one only when its status and its egress policy read too. The real rows are kept.
void TestListParser::noiseWithValidNamesIsNotASandbox()
{
    const QByteArray output("NAME    STATUS    EGRESS   IMAGES   CREATED\n"
                            "g\n"
                            "demo    running   deny              2026-12-03T15:38:14Z\n"
                            "kl      ~~\n"
                            "other   running   any               2026-12-03T15:38:14Z\n"
                            "2se     #         0x1f\n"
                            "zz9     running   ???\n"
                            "x_1     stopped   allow\n"
                            "a.b     42%\n"
                            "spin-3  ...       ...\n"
                            "!!!\n"
                            "~~~~~~~~\n"
                            "--      progress\n"
                            "[####   ]\n"
                            "???     ??\n"
                            "@@      3\n");
    const Parsed<Sandbox> parsed = ListParser::sandboxes(output);
    QStringList names;
    for (const Sandbox& s : parsed.items)
        names.append(s.name);
    QCOMPARE(names, (QStringList{u"demo"_s, u"other"_s}));
    QCOMPARE(parsed.items[1].egress.mode, EgressPolicy::Mode::Any);
    QCOMPARE(parsed.problems.size(), 13);
    QList<int> lines;
    for (const ParseProblem& p : parsed.problems)
        lines.append(p.lineNumber);
    QCOMPARE(lines, (QList<int>{2, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
    QVERIFY2(parsed.problems[0].reason.contains(u"STATUS"_s), qPrintable(parsed.problems[0].reason));
    QVERIFY2(parsed.problems[3].reason.contains(u"egress"_s), qPrintable(parsed.problems[3].reason));

    // A status and a policy that read keep a row whatever else it holds; a list without an
    // EGRESS column at all still lists (egress unknown, as before).
    const Parsed<Sandbox> noEgress = ListParser::sandboxes("NAME   STATUS\ndemo   upgrading now\n");
    QCOMPARE(noEgress.items.size(), 1);
    QCOMPARE(noEgress.items.first().egress.mode, EgressPolicy::Mode::Unknown);
    const Parsed<Sandbox> json = ListParser::sandboxes(
        R"([{"name": "a", "status": "running", "egress": "deny"}, {"name": "b", "status": 7, "egress": "deny"},
            {"name": "c", "status": "stopped", "egress": "sometimes"}])");
    QCOMPARE(json.items.size(), 1);
    QCOMPARE(json.problems.size(), 2);
}

// Found by tests/fuzz/kosa8_lists.cpp: labels, snapshot ids and image references go back to
// kosa8 as arguments, so a row whose value kosa8 could not have given is a problem, as for sandboxes.
void TestListParser::invalidNamesInOtherLists()
{
    const Parsed<Checkpoint> checkpoints =
        ListParser::checkpoints("LABEL     ID\nclean     c1\n-rf \xe9   c2\n");
    QCOMPARE(checkpoints.items.size(), 1);
    QCOMPARE(checkpoints.items.first().label, u"clean"_s);
    QCOMPARE(checkpoints.problems.size(), 1);
    QCOMPARE(checkpoints.problems.first().lineNumber, 3);
    QVERIFY(checkpoints.problems.first().reason.contains(u"not a checkpoint label"_s));

    const Parsed<Snapshot> snapshots =
        ListParser::snapshots("[{\"id\": \"snap-0001\"}, {\"id\": \"snap 2\\u202e\"}]");
    QCOMPARE(snapshots.items.size(), 1);
    QCOMPARE(snapshots.items.first().id, u"snap-0001"_s);
    QCOMPARE(snapshots.problems.size(), 1);
    QVERIFY(snapshots.problems.first().reason.contains(u"not a snapshot id"_s));

    const Parsed<Image> images = ListParser::images("{\"repository\": \"python\", \"tag\": \"3.12-slim\"}\n"
                                                    "{\"repository\": \"--privileged\", \"tag\": \"x\"}\n");
    QCOMPARE(images.items.size(), 1);
    QCOMPARE(images.items.first().reference(), u"python:3.12-slim"_s);
    QCOMPARE(images.problems.size(), 1);
    QCOMPARE(images.problems.first().lineNumber, 2);
    QVERIFY(images.problems.first().reason.contains(u"not an image reference"_s));
}

void TestListParser::datesAndTypedValues()
{
    const auto parsed =
        ListParser::sandboxes(table(fixture(u"sandboxes"_s), allColumns(fixture(u"sandboxes"_s))));
    QCOMPARE(parsed.items.size(), 3);
    QCOMPARE(parsed.items[0].created, QDateTime(QDate(2024, 5, 1), QTime(12, 0), Qt::UTC));
    QCOMPARE(parsed.items[2].created, QDateTime(QDate(2024, 5, 2), QTime(22, 0), Qt::UTC));
    QCOMPARE(parsed.items[0].egress.mode, EgressPolicy::Mode::Allow);
    QCOMPARE(parsed.items[0].egress.hosts, (QStringList{u"pypi.org"_s, u"files.pythonhosted.org"_s}));
    QCOMPARE(parsed.items[0].images, (QStringList{u"python:3.12-slim"_s, u"alpine:3.19"_s}));
    QVERIFY(parsed.items[1].images.isEmpty());
    QCOMPARE(parsed.items[2].status, u"upgrading now"_s);

    const auto checkpoints = ListParser::checkpoints(jsonArray(fixture(u"checkpoints"_s), true));
    QCOMPARE(checkpoints.items.size(), 2);
    QVERIFY(!checkpoints.items[0].current);
    QVERIFY(checkpoints.items[1].current);

    const auto audit = ListParser::auditEntries(jsonLines(fixture(u"audit"_s), true));
    QCOMPARE(audit.items.size(), 3);
    QCOMPARE(audit.items[2].seq, 3);
    QCOMPARE(audit.items[1].actor, u"agent"_s);
    QVERIFY(audit.items[0].time.isValid());

    const auto images = ListParser::images(table(fixture(u"images"_s), allColumns(fixture(u"images"_s))));
    QCOMPARE(images.items[0].reference(), u"python:3.12-slim"_s);
    QCOMPARE(images.items[1].reference(), u"ghcr.io/azmx/tool"_s);
}

void TestListParser::version_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QString>("client");
    QTest::addColumn<QString>("server");
    QTest::addColumn<QString>("label");
    QTest::newRow("stand-in") << QByteArray("kosa8 0.9.0-standin\ndaemon 0.9.0-standin\n")
                              << u"0.9.0-standin"_s << u"0.9.0-standin"_s << u"daemon"_s;
    QTest::newRow("client only") << QByteArray("kosa8 version v0.4.2\n") << u"0.4.2"_s << QString()
                                 << QString();
    QTest::newRow("worker, CRLF, ANSI")
        << QByteArray("\x1b[1mkosa8 0.4.2\x1b[0m\r\n\r\nWorker: 0.4.1 (mac-mini)\r\n") << u"0.4.2"_s
        << u"0.4.1"_s << u"worker"_s;
    QTest::newRow("json") << QByteArray(R"({"client": "1.0.0", "daemon": {"version": "1.0.1"}})")
                          << u"1.0.0"_s << u"1.0.1"_s << u"daemon"_s;
    QTest::newRow("no number") << QByteArray("kosa8 dev build\n") << u"kosa8 dev build"_s << QString()
                               << QString();
    QTest::newRow("empty") << QByteArray() << QString() << QString() << QString();
}

void TestListParser::version()
{
    QFETCH(QByteArray, output);
    QFETCH(QString, client);
    QFETCH(QString, server);
    QFETCH(QString, label);
    const VersionInfo info = ListParser::version(output);
    QCOMPARE(info.client, client);
    QCOMPARE(info.server, server);
    QCOMPARE(info.serverLabel, label);
    QCOMPARE(info.rawLines.isEmpty(), output.trimmed().isEmpty());
}

void TestListParser::auditVerify_data()
{
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("out");
    QTest::addColumn<QByteArray>("err");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("count");
    QTest::addColumn<qint64>("brokenSeq");
    QTest::addColumn<QString>("message");
    QTest::newRow("ok") << 0 << QByteArray("verified 14 entries\n") << QByteArray() << true << qint64(14)
                        << qint64(-1) << u"verified 14 entries"_s;
    QTest::newRow("ok with warning") << 0 << QByteArray("\x1b[32mverified 3 entries\x1b[0m\r\n")
                                     << QByteArray("WARNING: x\n") << true << qint64(3) << qint64(-1)
                                     << u"verified 3 entries"_s;
    QTest::newRow("broken (stand-in)")
        << 1 << QByteArray() << QByteArray("kosa8: audit chain broken at SEQ 3: hash does not chain\n")
        << false << qint64(-1) << qint64(3) << u"kosa8: audit chain broken at SEQ 3: hash does not chain"_s;
    QTest::newRow("broken, entry #") << 2 << QByteArray("entry #7 does not chain\n") << QByteArray() << false
                                     << qint64(-1) << qint64(7) << u"entry #7 does not chain"_s;
    QTest::newRow("failed, no seq") << 1 << QByteArray() << QByteArray("kosa8: cannot reach the daemon\n")
                                    << false << qint64(-1) << qint64(-1)
                                    << u"kosa8: cannot reach the daemon"_s;
}

void TestListParser::auditVerify()
{
    QFETCH(int, exitCode);
    QFETCH(QByteArray, out);
    QFETCH(QByteArray, err);
    QFETCH(bool, ok);
    QFETCH(qint64, count);
    QFETCH(qint64, brokenSeq);
    QFETCH(QString, message);
    const AuditVerifyResult result = ListParser::auditVerify(exitCode, out, err);
    QCOMPARE(result.ok, ok);
    QCOMPARE(result.verifiedCount, count);
    QCOMPARE(result.brokenSeq, brokenSeq);
    QCOMPARE(result.message, message);
}

QTEST_GUILESS_MAIN(TestListParser)
#include "tst_listparser.moc"
