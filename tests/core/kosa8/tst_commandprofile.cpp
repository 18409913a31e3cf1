// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CommandProfile.h"
#include "kosa8/InterpreterLoader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using k8::kosa8::CommandProfile;
using k8::kosa8::InterpreterLoader;
using k8::kosa8::Operation;

Q_DECLARE_METATYPE(k8::kosa8::Operation)

namespace {

QStringList words(const QString& text)
{
    return text.split(u' ', Qt::SkipEmptyParts);
}

QVariantMap sampleParams(const CommandProfile& profile, Operation op)
{
    QVariantMap p{{u"name"_s, u"demo"_s},
                  {u"image"_s, u"python:3.12-slim"_s},
                  {u"label"_s, u"before-run"_s},
                  {u"id"_s, u"snap-0003"_s},
                  {u"count"_s, u"2"_s}};
    p.insert(u"egress"_s, profile.egressArguments(u"deny"_s, {}));
    p.insert(u"mounts"_s, profile.mountArguments({u"/tmp:/work"_s}));
    p.insert(u"interpreter"_s,
             profile.interpreterArguments(u"python"_s, u"print(1)"_s, op == Operation::SandboxRunStdin));
    return p;
}

} // namespace

class TestCommandProfile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultsMatchTheCliDocument_data();
    void defaultsMatchTheCliDocument();
    void everyOperationHasADefault();
    void readsOnlyIsTheQueriesOnly();
    void fragments();
    void interpreters_data();
    void interpreters();
    void codeWithSpacesAndNewlinesStaysOneArgument();
    void missingValueIsAnError();
    void overridesFromJson();
    void overridesFromFile();
    void invalidOverrides_data();
    void invalidOverrides();
    void placeholderInsideAWord();
    void checkEntryIsTheLoadersCheck();
    void stdinRefusesDeclarationsOnlyWherePythonReadsThem_data();
    void stdinRefusesDeclarationsOnlyWherePythonReadsThem();
};

void TestCommandProfile::defaultsMatchTheCliDocument_data()
{
    QTest::addColumn<Operation>("op");
    QTest::addColumn<QString>("expected");
    // Every built-in default, with the sample parameters above.
    QTest::newRow("version") << Operation::Version << u"version"_s;
    QTest::newRow("doctor") << Operation::Doctor << u"doctor"_s;
    QTest::newRow("daemon.status") << Operation::DaemonStatus << u"daemon status"_s;
    QTest::newRow("daemon.start") << Operation::DaemonStart << u"daemon start"_s;
    QTest::newRow("daemon.stop") << Operation::DaemonStop << u"daemon stop"_s;
    QTest::newRow("sandbox.ls") << Operation::SandboxList << u"sandbox ls"_s;
    QTest::newRow("sandbox.create") << Operation::SandboxCreate
                                    << u"sandbox create demo --egress deny -v /tmp:/work"_s;
    QTest::newRow("sandbox.start") << Operation::SandboxStart << u"sandbox start demo"_s;
    QTest::newRow("sandbox.stop") << Operation::SandboxStop << u"sandbox stop demo"_s;
    QTest::newRow("sandbox.rm") << Operation::SandboxRemove << u"sandbox rm demo"_s;
    QTest::newRow("sandbox.pull") << Operation::SandboxPull << u"sandbox pull demo python:3.12-slim"_s;
    QTest::newRow("sandbox.images") << Operation::SandboxImages << u"sandbox images demo"_s;
    QTest::newRow("sandbox.run") << Operation::SandboxRun
                                 << u"sandbox run demo python:3.12-slim python -c print(1)"_s;
    QTest::newRow("sandbox.run.stdin")
        << Operation::SandboxRunStdin
        << u"sandbox run -i demo python:3.12-slim python -c "_s + InterpreterLoader::pythonProgram();
    QTest::newRow("sandbox.egress") << Operation::SandboxEgress << u"sandbox egress demo --egress deny"_s;
    QTest::newRow("checkpoint.create")
        << Operation::CheckpointCreate << u"checkpoint demo --label before-run"_s;
    QTest::newRow("checkpoint.ls") << Operation::CheckpointList << u"checkpoint ls demo"_s;
    QTest::newRow("rewind") << Operation::Rewind << u"rewind demo --to before-run --yes"_s;
    QTest::newRow("snapshot.create") << Operation::SnapshotCreate << u"snapshot create demo"_s;
    QTest::newRow("snapshot.ls") << Operation::SnapshotList << u"snapshot ls demo"_s;
    QTest::newRow("snapshot.restore") << Operation::SnapshotRestore << u"snapshot restore demo snap-0003"_s;
    QTest::newRow("snapshot.rm") << Operation::SnapshotRemove << u"snapshot rm demo snap-0003"_s;
    QTest::newRow("audit.ls") << Operation::AuditList << u"audit ls"_s;
    QTest::newRow("audit.verify") << Operation::AuditVerify << u"audit verify"_s;
    QTest::newRow("fork") << Operation::Fork << u"fork demo -n 2"_s;
    QTest::newRow("mcp.tools") << Operation::McpTools << u"mcp tools"_s;
}

void TestCommandProfile::defaultsMatchTheCliDocument()
{
    QFETCH(Operation, op);
    QFETCH(QString, expected);
    const CommandProfile profile = CommandProfile::builtIn();
    QString error;
    QCOMPARE(profile.arguments(op, sampleParams(profile, op), &error), words(expected));
    QVERIFY(error.isEmpty());
}

void TestCommandProfile::everyOperationHasADefault()
{
    const CommandProfile profile = CommandProfile::builtIn();
    for (Operation op : k8::kosa8::allOperations()) {
        QVERIFY2(!profile.operationTemplate(op).isEmpty(), qPrintable(k8::kosa8::operationKey(op)));
        Operation back{};
        QVERIFY(k8::kosa8::operationFromKey(k8::kosa8::operationKey(op), &back));
        QCOMPARE(back, op);
        QVERIFY(!k8::kosa8::operationTitle(op).isEmpty());
    }
    QCOMPARE(k8::kosa8::operationKey(Operation::SandboxCreate), u"sandbox.create"_s);
    QVERIFY(!k8::kosa8::operationFromKey(u"sandbox.lss"_s, nullptr));
    QCOMPARE(profile.operationTemplate(Operation::SandboxCreate),
             (QStringList{u"sandbox"_s, u"create"_s, u"{name}"_s, u"{egress...}"_s, u"{mounts...}"_s}));
    QCOMPARE(profile.placeholders(Operation::Rewind), (QStringList{u"name"_s, u"label"_s}));
    QVERIFY(profile.overriddenKeys().isEmpty());
}

void TestCommandProfile::fragments()
{
    const CommandProfile profile = CommandProfile::builtIn();
    QCOMPARE(profile.egressArguments(u"deny"_s, {}), words(u"--egress deny"_s));
    QCOMPARE(profile.egressArguments(u"fakenet"_s, {}), words(u"--egress fakenet"_s));
    QCOMPARE(profile.egressArguments({}, {u"pypi.org"_s, u"files.pythonhosted.org"_s}),
             words(u"--egress-allow pypi.org --egress-allow files.pythonhosted.org"_s));
    QCOMPARE(profile.egressArguments({}, {}), QStringList());
    QCOMPARE(profile.mountArguments({u"/a:/b"_s, u"/c d:/e"_s}),
             (QStringList{u"-v"_s, u"/a:/b"_s, u"-v"_s, u"/c d:/e"_s}));
    QCOMPARE(profile.mountArguments({}), QStringList());
    // List placeholders expand to one argument per element, and to nothing when empty.
    const QStringList args =
        profile.arguments(Operation::SandboxCreate, {{u"name"_s, u"demo"_s},
                                                     {u"egress"_s, profile.egressArguments({}, {u"a.com"_s})},
                                                     {u"mounts"_s, QStringList()}});
    QCOMPARE(args, words(u"sandbox create demo --egress-allow a.com"_s));
}

void TestCommandProfile::interpreters_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("withStdin");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("python") << u"python"_s << false << QStringList{u"python"_s, u"-c"_s, u"CODE"_s};
    // Not "python -": the loader compiles the code as a str, so no encoding declaration counts.
    QTest::newRow("python.stdin") << u"python"_s << true
                                  << QStringList{u"python"_s, u"-c"_s, InterpreterLoader::pythonProgram()};
    QTest::newRow("bash") << u"bash"_s << false << QStringList{u"bash"_s, u"-c"_s, u"CODE"_s};
    QTest::newRow("bash.stdin") << u"bash"_s << true << QStringList{u"bash"_s, u"-s"_s};
    QTest::newRow("node") << u"node"_s << false << QStringList{u"node"_s, u"-e"_s, u"CODE"_s};
    QTest::newRow("node.stdin") << u"node"_s << true << QStringList{u"node"_s, u"-"_s};
    QTest::newRow("unknown") << u"cobol"_s << false << QStringList();
}

void TestCommandProfile::interpreters()
{
    QFETCH(QString, language);
    QFETCH(bool, withStdin);
    QFETCH(QStringList, expected);
    QCOMPARE(CommandProfile::builtIn().interpreterArguments(language, u"CODE"_s, withStdin), expected);
    QCOMPARE(CommandProfile::builtIn().languages(), (QStringList{u"bash"_s, u"node"_s, u"python"_s}));
}

void TestCommandProfile::codeWithSpacesAndNewlinesStaysOneArgument()
{
    const CommandProfile profile = CommandProfile::builtIn();
    const QString code = u"import os\nprint('a b  c')\n\t$(rm -rf /) {name} \"quoted\"\n"_s;
    const QStringList interpreter = profile.interpreterArguments(u"python"_s, code, false);
    QCOMPARE(interpreter.size(), 3);
    QCOMPARE(interpreter.at(2), code);
    const QStringList args = profile.arguments(
        Operation::SandboxRun,
        {{u"name"_s, u"demo"_s}, {u"image"_s, u"python:3.12-slim"_s}, {u"interpreter"_s, interpreter}});
    QCOMPARE(args.size(), 7);
    QCOMPARE(args.last(), code);
}

void TestCommandProfile::missingValueIsAnError()
{
    const CommandProfile profile = CommandProfile::builtIn();
    QString error;
    QVERIFY(profile.arguments(Operation::SandboxStart, {}, &error).isEmpty());
    QVERIFY2(error.contains(u"{name}"_s) && error.contains(u"sandbox.start"_s), qPrintable(error));
    error.clear();
    QVERIFY(profile.arguments(Operation::SandboxCreate, {{u"name"_s, u"x"_s}}, &error).isEmpty());
    QVERIFY2(error.contains(u"{egress...}"_s), qPrintable(error));
}

void TestCommandProfile::overridesFromJson()
{
    CommandProfile profile = CommandProfile::builtIn();
    QString error;
    const QByteArray json = R"({
        "operations": {"sandbox.ls": ["sandbox", "ls", "--format", "json"],
                       "rewind": ["rewind", "{name}", "--to={label}", "--yes"]},
        "fragments": {"egress.allow": ["--allow", "{host}"]},
        "interpreters": {"python": ["python3", "-I", "-c", "{code}"], "ruby": ["ruby", "-e", "{code}"]}
    })";
    QVERIFY2(profile.loadOverridesFromJson(json, u"test.json"_s, &error), qPrintable(error));
    QCOMPARE(profile.arguments(Operation::SandboxList, {}), words(u"sandbox ls --format json"_s));
    QCOMPARE(profile.arguments(Operation::Rewind, {{u"name"_s, u"demo"_s}, {u"label"_s, u"l1"_s}}),
             words(u"rewind demo --to=l1 --yes"_s));
    QCOMPARE(profile.egressArguments({}, {u"a.com"_s}), words(u"--allow a.com"_s));
    QCOMPARE(profile.interpreterArguments(u"python"_s, u"x"_s, false), words(u"python3 -I -c x"_s));
    QCOMPARE(profile.interpreterArguments(u"ruby"_s, u"x"_s, false), words(u"ruby -e x"_s));
    // Untouched entries keep their defaults.
    QCOMPARE(profile.arguments(Operation::Version, {}), words(u"version"_s));
    QCOMPARE(profile.interpreterArguments(u"python"_s, u"x"_s, true), InterpreterLoader::pythonStdin());
    QCOMPARE(profile.overriddenKeys(),
             (QStringList{u"fragments.egress.allow"_s, u"interpreters.python"_s, u"interpreters.ruby"_s,
                          u"operations.rewind"_s, u"operations.sandbox.ls"_s}));
    QVERIFY(profile.languages().contains(u"ruby"_s));

    // A second load starts again from the defaults.
    QVERIFY(profile.loadOverridesFromJson(R"({"operations": {}})", u"empty.json"_s, &error));
    QCOMPARE(profile.arguments(Operation::SandboxList, {}), words(u"sandbox ls"_s));
    QVERIFY(profile.overriddenKeys().isEmpty());
}

void TestCommandProfile::overridesFromFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"profile.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"operations": {"audit.verify": ["audit", "verify", "--strict"]}})");
    file.close();

    CommandProfile profile = CommandProfile::builtIn();
    QString error;
    QVERIFY2(profile.loadOverrides(path, &error), qPrintable(error));
    QCOMPARE(profile.sourcePath(), path);
    QCOMPARE(profile.arguments(Operation::AuditVerify, {}), words(u"audit verify --strict"_s));

    CommandProfile other = CommandProfile::builtIn();
    QVERIFY(!other.loadOverrides(dir.filePath(u"missing.json"_s), &error));
    QVERIFY2(error.contains(u"missing.json"_s), qPrintable(error));
}

void TestCommandProfile::invalidOverrides_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("bad JSON") << QByteArray(R"({"operations": {"sandbox.ls": ["sandbox", )")
                              << u"not valid JSON"_s;
    QTest::newRow("not an object") << QByteArray(R"(["sandbox", "ls"])") << u"top level"_s;
    QTest::newRow("unknown section") << QByteArray(R"({"operation": {}})") << u"\"operation\""_s;
    QTest::newRow("unknown operation")
        << QByteArray(R"({"operations": {"sandbox.list": ["x"]}})") << u"\"sandbox.list\""_s;
    QTest::newRow("unknown fragment")
        << QByteArray(R"({"fragments": {"egress.block": ["x"]}})") << u"\"egress.block\""_s;
    QTest::newRow("bad interpreter key")
        << QByteArray(R"({"interpreters": {"Py Thon": ["x"]}})") << u"\"Py Thon\""_s;
    QTest::newRow("not an array") << QByteArray(R"({"operations": {"sandbox.ls": "sandbox ls"}})")
                                  << u"operations.sandbox.ls"_s;
    QTest::newRow("non-string element")
        << QByteArray(R"({"operations": {"sandbox.ls": ["sandbox", 1]}})") << u"element 1"_s;
    QTest::newRow("empty array") << QByteArray(R"({"operations": {"sandbox.ls": []}})") << u"empty"_s;
    QTest::newRow("unknown placeholder")
        << QByteArray(R"({"operations": {"sandbox.rm": ["sandbox", "rm", "{nmae}"]}})") << u"{nmae}"_s;
    QTest::newRow("list used as scalar")
        << QByteArray(R"({"operations": {"sandbox.egress": ["x", "{egress}"]}})") << u"{egress...}"_s;
    QTest::newRow("unknown list") << QByteArray(R"({"operations": {"sandbox.create": ["x", "{name...}"]}})")
                                  << u"{name...}"_s;
    QTest::newRow("list inside a word")
        << QByteArray(R"({"operations": {"sandbox.create": ["x", "a{egress...}"]}})") << u"word of its own"_s;
    // What the editor's validation added (issue 16): the entry must use exactly what the app passes.
    QTest::newRow("needed placeholder missing")
        << QByteArray(
               R"({"operations": {"sandbox.create": ["sandbox", "create", "{egress...}", "{mounts...}"]}})")
        << u"\"{name}\" is missing"_s;
    QTest::newRow("egress list dropped")
        << QByteArray(R"({"operations": {"sandbox.create": ["sandbox", "create", "{name}", "{mounts...}"]}})")
        << u"\"{egress...}\" is missing"_s;
    QTest::newRow("placeholder the operation has no value for")
        << QByteArray(R"({"operations": {"sandbox.ls": ["sandbox", "ls", "{name}"]}})")
        << u"this entry takes no placeholders"_s;
    QTest::newRow("code in a run template")
        << QByteArray(
               R"({"operations": {"sandbox.run.stdin": ["sandbox", "run", "{name}", "{image}", "{interpreter...}", "{code}"]}})")
        << u"\"{code}\" has no value here"_s;
    QTest::newRow("fragment without its value")
        << QByteArray(R"({"fragments": {"egress.allow": ["--egress-allow"]}})") << u"\"{host}\" is missing"_s;
    QTest::newRow("code in a stdin interpreter")
        << QByteArray(R"({"interpreters": {"python.stdin": ["python", "-c", "{code}"]}})")
        << u"standard input"_s;
    QTest::newRow("empty word") << QByteArray(R"({"operations": {"sandbox.ls": ["sandbox", "", "ls"]}})")
                                << u"word 2 is empty"_s;
    QTest::newRow("line break in a word")
        << QByteArray(R"({"operations": {"sandbox.ls": ["sandbox", "ls\n--all"]}})") << u"U+000a"_s;
    QTest::newRow("bidi override in a word")
        << QByteArray("{\"operations\": {\"sandbox.ls\": [\"sandbox\", \"ls\xe2\x80\xae\"]}}") << u"U+202e"_s;
}

void TestCommandProfile::invalidOverrides()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    CommandProfile profile = CommandProfile::builtIn();
    QVERIFY(profile.loadOverridesFromJson(R"({"operations": {"version": ["version", "--short"]}})",
                                          u"a.json"_s, nullptr));
    QString error;
    QVERIFY(!profile.loadOverridesFromJson(json, u"bad.json"_s, &error));
    QVERIFY2(error.contains(u"bad.json"_s), qPrintable(error));
    QVERIFY2(error.contains(mentions), qPrintable(error));
    // Unchanged: the earlier override is still there, nothing of the bad file got in.
    QCOMPARE(profile.arguments(Operation::Version, {}), words(u"version --short"_s));
    QCOMPARE(profile.arguments(Operation::SandboxList, {}), words(u"sandbox ls"_s));
    QCOMPARE(profile.overriddenKeys(), QStringList{u"operations.version"_s});
    QCOMPARE(profile.sourcePath(), u"a.json"_s);
}

// checkEntry() is the loader's per-entry check: an entry it accepts loads, one it refuses does not,
// with the same message.
void TestCommandProfile::checkEntryIsTheLoadersCheck()
{
    using k8::kosa8::ProfileSection;
    QVERIFY(CommandProfile::checkEntry(
                ProfileSection::Operations, u"sandbox.create"_s,
                {u"sandbox"_s, u"new"_s, u"--name={name}"_s, u"{egress...}"_s, u"{mounts...}"_s})
                .isEmpty());
    QVERIFY(
        CommandProfile::checkEntry(ProfileSection::Interpreters, u"ruby"_s, {u"ruby"_s, u"-e"_s, u"{code}"_s})
            .isEmpty());
    // Without {code} the runner sends the code on standard input: allowed.
    QVERIFY(CommandProfile::checkEntry(ProfileSection::Interpreters, u"python"_s, {u"python3"_s, u"-"_s})
                .isEmpty());
    const QString problem = CommandProfile::checkEntry(ProfileSection::Operations, u"rewind"_s,
                                                       {u"rewind"_s, u"{name}"_s, u"--yes"_s});
    QVERIFY2(problem.contains(u"{label}"_s), qPrintable(problem));
    CommandProfile profile = CommandProfile::builtIn();
    QString error;
    QVERIFY(!profile.loadOverridesFromJson(R"({"operations": {"rewind": ["rewind", "{name}", "--yes"]}})",
                                           u"r.json"_s, &error));
    QVERIFY2(error.endsWith(problem), qPrintable(error));
    QCOMPARE(profile.entryTemplate(ProfileSection::Operations, u"rewind"_s),
             (QStringList{u"rewind"_s, u"{name}"_s, u"--to"_s, u"{label}"_s, u"--yes"_s}));
    // Every built-in entry passes its own check.
    for (ProfileSection section : CommandProfile::allSections()) {
        for (const QString& key : profile.entryKeys(section)) {
            const QString builtInProblem =
                CommandProfile::checkEntry(section, key, profile.entryTemplate(section, key));
            QVERIFY2(builtInProblem.isEmpty(), qPrintable(key + u": "_s + builtInProblem));
        }
    }
}

void TestCommandProfile::placeholderInsideAWord()
{
    CommandProfile profile = CommandProfile::builtIn();
    QString error;
    QVERIFY(profile.loadOverridesFromJson(
        R"({"operations": {"checkpoint.create": ["checkpoint", "{name}", "--label={label}"]}})", u"x.json"_s,
        &error));
    QCOMPARE(profile.arguments(Operation::CheckpointCreate, {{u"name"_s, u"demo"_s}, {u"label"_s, u"a b"_s}}),
             (QStringList{u"checkpoint"_s, u"demo"_s, u"--label=a b"_s}));
}

// readsOnly() decides which finished jobs make the History page re-read kosa8's audit log and
// which the command log counts as refreshes: every query, and nothing that changes kosa8.
void TestCommandProfile::readsOnlyIsTheQueriesOnly()
{
    const QList<k8::kosa8::Operation> queries = {
        k8::kosa8::Operation::Version,       k8::kosa8::Operation::Doctor,
        k8::kosa8::Operation::DaemonStatus,  k8::kosa8::Operation::SandboxList,
        k8::kosa8::Operation::SandboxImages, k8::kosa8::Operation::CheckpointList,
        k8::kosa8::Operation::SnapshotList,  k8::kosa8::Operation::AuditList,
        k8::kosa8::Operation::AuditVerify,   k8::kosa8::Operation::McpTools};
    for (k8::kosa8::Operation op : k8::kosa8::allOperations())
        QVERIFY2(k8::kosa8::readsOnly(op) == queries.contains(op), qPrintable(k8::kosa8::operationKey(op)));
}

// Code whose line 1 or 2 declares an encoding other than UTF-8 never reaches a standard-input
// interpreter that could be a Python reading the code itself (a person's "python3 -"); the
// built-in loader, shells and node take it as it is.
void TestCommandProfile::stdinRefusesDeclarationsOnlyWherePythonReadsThem_data()
{
    QTest::addColumn<QString>("overrides"); // the "interpreters" object; empty: the built-in profile
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("refused");

    const QString hidden = u"# coding: unicode_escape\n# \u2014 \\nprint('HIDDEN')\n"_s;
    QTest::newRow("built-in loader") << QString() << u"python"_s << hidden << false;
    QTest::newRow("python3 -") << uR"({"python.stdin": ["python3", "-"]})"_s << u"python"_s << hidden << true;
    QTest::newRow("python3 - , utf-8") << uR"({"python.stdin": ["python3", "-"]})"_s << u"python"_s
                                       << u"# -*- coding: utf-8 -*-\nprint('\u2014')\n"_s << false;
    QTest::newRow("python3 -, no declaration")
        << uR"({"python.stdin": ["python3", "-"]})"_s << u"python"_s << u"print('\u2014')\n"_s << false;
    QTest::newRow("python3 -, line 2 vim form")
        << uR"({"python.stdin": ["python3", "-"]})"_s << u"python"_s
        << u"#!/usr/bin/env python3\n# vim: set fileencoding=utf-7 :\n# +AAo-print('HIDDEN')\n"_s << true;
    QTest::newRow("python3 -, BOM then latin-1") << uR"({"python.stdin": ["python3", "-"]})"_s << u"python"_s
                                                 << u"\ufeff# coding: latin-1\nprint(1)\n"_s << true;
    QTest::newRow("python3 -, line 3 is not read")
        << uR"({"python.stdin": ["python3", "-"]})"_s << u"python"_s << u"x = 1\ny = 2\n# coding: utf-7\n"_s
        << false;
    QTest::newRow("loader with another python")
        << uR"({"python.stdin": ["python3.12", "-I", "-c", "%1"]})"_s.arg(InterpreterLoader::pythonProgram())
        << u"python"_s << hidden << false;
    QTest::newRow("a language of its own")
        << uR"({"py3": ["python3", "-c", "{code}"], "py3.stdin": ["python3"]})"_s << u"py3"_s << hidden
        << true;
    QTest::newRow("bash -s") << QString() << u"bash"_s << hidden << false;
    QTest::newRow("node -") << QString() << u"node"_s << hidden << false;
    QTest::newRow("bash -c python") << uR"({"bash.stdin": ["bash", "-c", "python3 -"]})"_s << u"bash"_s
                                    << hidden << true;
}

void TestCommandProfile::stdinRefusesDeclarationsOnlyWherePythonReadsThem()
{
    QFETCH(QString, overrides);
    QFETCH(QString, language);
    QFETCH(QString, code);
    QFETCH(bool, refused);
    CommandProfile profile = CommandProfile::builtIn();
    if (!overrides.isEmpty()) {
        QString error;
        QVERIFY2(profile.loadOverridesFromJson(u"{\"interpreters\": %1}"_s.arg(overrides).toUtf8(), u"test"_s,
                                               &error),
                 qPrintable(error));
    }
    const QString refusal = profile.stdinRefusal(language, code);
    QCOMPARE(!refusal.isEmpty(), refused);
    if (refused)
        QVERIFY2(refusal.contains(u"declares the source encoding"_s), qPrintable(refusal));
}

QTEST_GUILESS_MAIN(TestCommandProfile)
#include "tst_commandprofile.moc"
