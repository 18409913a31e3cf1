// SPDX-License-Identifier: Apache-2.0
// The command profile file as the settings editor holds it (issue 16), without widgets: every
// entry listed, a bad file kept and marked instead of dropped, validation that is exactly the
// loader's, resets, and the written file (sorted, owner-only, loadable).

#include "kosa8/CommandProfileDocument.h"
#include "kosa8/Operation.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using k8::kosa8::CommandProfile;
using k8::kosa8::CommandProfileDocument;
using k8::kosa8::Operation;
using k8::kosa8::ProfileSection;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

bool writeAll(const QString& path, const QByteArray& data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
}

int rowOf(const CommandProfileDocument& document, ProfileSection section, const QString& key)
{
    return document.indexOf(section, key);
}

} // namespace

class TestCommandProfileDocument : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void listsEveryEntryOfTheBuiltInProfile()
    {
        CommandProfileDocument document;
        const CommandProfile builtIn = CommandProfile::builtIn();
        int expected = 0;
        for (ProfileSection section : CommandProfile::allSections())
            expected += int(builtIn.entryKeys(section).size());
        QCOMPARE(document.count(), expected);
        for (Operation op : k8::kosa8::allOperations()) {
            const int row = rowOf(document, ProfileSection::Operations, k8::kosa8::operationKey(op));
            QVERIFY2(row >= 0, qPrintable(k8::kosa8::operationKey(op)));
            QCOMPARE(document.entry(row).words, builtIn.operationTemplate(op));
            QVERIFY(!CommandProfileDocument::isOverridden(document.entry(row)));
            QVERIFY(!CommandProfileDocument::purpose(document.entry(row)).isEmpty());
        }
        QVERIFY(rowOf(document, ProfileSection::Fragments, u"egress.allow"_s) >= 0);
        QVERIFY(rowOf(document, ProfileSection::Interpreters, u"node.stdin"_s) >= 0);
        QVERIFY(document.isValid());
        QCOMPARE(QJsonDocument::fromJson(document.toJson()).object(), QJsonObject());
    }

    // A file the app refuses opens with every entry it holds, each problem on its entry.
    void invalidFileIsKeptAndMarked()
    {
        CommandProfileDocument document;
        document.loadJson(R"({
            "operations": {"sandbox.ls": "sandbox ls --all",
                           "sandbox.create": ["sandbox", "create", "{egress...}", "{mounts...}"],
                           "sandbox.frob": ["frob"],
                           "version": ["version", "--short"]},
            "interpreters": {"ruby": ["ruby", "-e", "{code}"]}
        })");
        QVERIFY(document.fileProblem().isEmpty());
        QVERIFY(!document.isValid());

        const int ls = rowOf(document, ProfileSection::Operations, u"sandbox.ls"_s);
        QVERIFY2(document.problem(ls).contains(u"\"sandbox ls --all\""_s), qPrintable(document.problem(ls)));
        const int create = rowOf(document, ProfileSection::Operations, u"sandbox.create"_s);
        QVERIFY2(document.problem(create).contains(u"{name}"_s), qPrintable(document.problem(create)));
        const int frob = rowOf(document, ProfileSection::Operations, u"sandbox.frob"_s);
        QVERIFY(frob >= 0);
        QVERIFY2(document.problem(frob).contains(u"unknown operation"_s), qPrintable(document.problem(frob)));
        QCOMPARE(document.entry(frob).words, QStringList{u"frob"_s});
        QVERIFY(document.problem(rowOf(document, ProfileSection::Operations, u"version"_s)).isEmpty());
        QVERIFY(document.problem(rowOf(document, ProfileSection::Interpreters, u"ruby"_s)).isEmpty());
        QCOMPARE(document.problems().size(), 3);

        QTemporaryDir dir;
        const QString path = dir.filePath(u"kosa8-profile.json"_s);
        QVERIFY(writeAll(path, "untouched"));
        QString error;
        QVERIFY(!document.save(path, &error));
        QVERIFY2(error.contains(u"operations.sandbox"_s), qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("untouched"));

        // Mended: the unknown entry removed, the others fixed.
        QVERIFY(document.reset(frob));
        QCOMPARE(rowOf(document, ProfileSection::Operations, u"sandbox.frob"_s), -1);
        document.setWords(rowOf(document, ProfileSection::Operations, u"sandbox.ls"_s),
                          {u"sandbox"_s, u"ls"_s, u"--all"_s});
        document.setWords(
            rowOf(document, ProfileSection::Operations, u"sandbox.create"_s),
            {u"sandbox"_s, u"create"_s, u"{name}"_s, u"{egress...}"_s, u"{mounts...}"_s, u"--quiet"_s});
        QVERIFY2(document.isValid(), qPrintable(document.problems().join(u'\n')));
        QVERIFY2(document.save(path, &error), qPrintable(error));
        const QJsonObject expected = QJsonDocument::fromJson(R"({
            "operations": {"sandbox.ls": ["sandbox", "ls", "--all"],
                           "sandbox.create": ["sandbox", "create", "{name}", "{egress...}", "{mounts...}", "--quiet"],
                           "version": ["version", "--short"]},
            "interpreters": {"ruby": ["ruby", "-e", "{code}"]}
        })")
                                         .object();
        QCOMPARE(QJsonDocument::fromJson(readAll(path)).object(), expected);
        CommandProfile loaded = CommandProfile::builtIn();
        QVERIFY2(loaded.loadOverrides(path, &error), qPrintable(error));
        QCOMPARE(loaded.arguments(Operation::SandboxList, {}),
                 (QStringList{u"sandbox"_s, u"ls"_s, u"--all"_s}));
    }

    void fileThatIsNotAProfile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("not JSON") << QByteArray(R"({"operations": {"sandbox.ls": [)") << u"not valid JSON"_s;
        QTest::newRow("not an object") << QByteArray(R"(["sandbox", "ls"])") << u"top level"_s;
        QTest::newRow("unknown section")
            << QByteArray(R"({"operation": {"sandbox.ls": ["x"]}})") << u"\"operation\""_s;
        QTest::newRow("section not an object") << QByteArray(R"({"fragments": ["x"]})") << u"\"fragments\""_s;
    }

    void fileThatIsNotAProfile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kosa8-profile.json"_s);
        QVERIFY(writeAll(path, json));
        CommandProfileDocument document;
        QString error;
        QVERIFY(document.load(path, &error));
        QVERIFY2(document.fileProblem().contains(mentions), qPrintable(document.fileProblem()));
        QVERIFY(!document.isValid());
        QVERIFY(!document.save(path, &error));
        QCOMPARE(readAll(path), json);
        // "Reset all" is the explicit way to give the file up.
        document.resetAll();
        QVERIFY(document.fileProblem().isEmpty());
        QVERIFY(document.isValid());
        QVERIFY2(document.save(path, &error), qPrintable(error));
        QCOMPARE(QJsonDocument::fromJson(readAll(path)).object(), QJsonObject());
    }

    // An unknown section next to good ones: the good entries are kept, and saving needs the
    // person to leave the unreadable part out first.
    void unreadablePartsCanBeLeftOut()
    {
        CommandProfileDocument document;
        document.loadJson(R"({"operations": {"version": ["version", "--short"]},
                              "operation": {"sandbox.ls": ["sandbox", "ls", "--all"]}})");
        QVERIFY2(document.fileProblem().contains(u"\"operation\""_s), qPrintable(document.fileProblem()));
        QVERIFY(!document.isValid());
        const int version = rowOf(document, ProfileSection::Operations, u"version"_s);
        QCOMPARE(document.entry(version).words, (QStringList{u"version"_s, u"--short"_s}));
        document.dropUnreadableParts();
        QVERIFY(document.isValid());
        QCOMPARE(QJsonDocument::fromJson(document.toJson()).object(),
                 QJsonDocument::fromJson(R"({"operations": {"version": ["version", "--short"]}})").object());
    }

    void missingFileIsNoOverrides()
    {
        QTemporaryDir dir;
        CommandProfileDocument document;
        QString error;
        QVERIFY(document.load(dir.filePath(u"kosa8-profile.json"_s), &error));
        QVERIFY(document.isValid());
        QCOMPARE(document.count(), CommandProfileDocument().count());
    }

    // The editor accepts exactly what the loader accepts.
    void validationIsTheLoaders_data()
    {
        QTest::addColumn<int>("section");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QStringList>("words");
        auto row = [](const char* name, ProfileSection section, const QString& key,
                      const QStringList& words) { QTest::newRow(name) << int(section) << key << words; };
        row("valid op", ProfileSection::Operations, u"sandbox.rm"_s,
            {u"sandbox"_s, u"remove"_s, u"{name}"_s});
        row("missing name", ProfileSection::Operations, u"sandbox.rm"_s, {u"sandbox"_s, u"remove"_s});
        row("typo", ProfileSection::Operations, u"sandbox.rm"_s, {u"sandbox"_s, u"rm"_s, u"{nmae}"_s});
        row("empty", ProfileSection::Operations, u"sandbox.rm"_s, {});
        row("list in a word", ProfileSection::Operations, u"sandbox.egress"_s,
            {u"sandbox"_s, u"egress"_s, u"{name}"_s, u"--x={egress...}"_s});
        row("list as scalar", ProfileSection::Operations, u"sandbox.egress"_s,
            {u"sandbox"_s, u"egress"_s, u"{name}"_s, u"{egress}"_s});
        row("valid fragment", ProfileSection::Fragments, u"mount"_s, {u"--volume={mount}"_s});
        row("fragment with another's value", ProfileSection::Fragments, u"mount"_s, {u"-v"_s, u"{host}"_s});
        row("added interpreter", ProfileSection::Interpreters, u"ruby"_s, {u"ruby"_s, u"-e"_s, u"{code}"_s});
        row("stdin with code", ProfileSection::Interpreters, u"ruby.stdin"_s,
            {u"ruby"_s, u"-e"_s, u"{code}"_s});
        row("empty word", ProfileSection::Interpreters, u"bash"_s, {u"bash"_s, QString(), u"{code}"_s});
    }

    void validationIsTheLoaders()
    {
        QFETCH(int, section);
        QFETCH(QString, key);
        QFETCH(QStringList, words);
        const auto which = ProfileSection(section);
        CommandProfileDocument document;
        int row = rowOf(document, which, key);
        if (row < 0) {
            QJsonObject entries{{key, QJsonArray::fromStringList(words)}};
            document.loadJson(
                QJsonDocument(QJsonObject{{CommandProfile::sectionName(which), entries}}).toJson());
            row = rowOf(document, which, key);
        }
        QVERIFY(row >= 0);
        document.setWords(row, words);
        CommandProfile profile = CommandProfile::builtIn();
        QString loaderError;
        const bool loads = profile.loadOverridesFromJson(document.toJson(), u"x.json"_s, &loaderError);
        QCOMPARE(document.problem(row).isEmpty(), loads);
        QCOMPARE(document.isValid(), loads);
        if (!loads)
            QVERIFY2(loaderError.endsWith(document.problem(row)), qPrintable(loaderError));
    }

    void resetOneRemovesOnlyThatOverride()
    {
        CommandProfileDocument document;
        document.loadJson(R"({"operations": {"sandbox.ls": ["sandbox", "ls", "--all"],
                                              "audit.ls": ["audit", "ls", "--json"]},
                              "fragments": {"mount": ["--volume", "{mount}"]}})");
        const int ls = rowOf(document, ProfileSection::Operations, u"sandbox.ls"_s);
        QVERIFY(CommandProfileDocument::isOverridden(document.entry(ls)));
        QVERIFY(!document.reset(ls)); // a built-in entry stays, with its default
        QCOMPARE(document.entry(ls).words, (QStringList{u"sandbox"_s, u"ls"_s}));
        QVERIFY(!CommandProfileDocument::isOverridden(document.entry(ls)));
        const QJsonObject written = QJsonDocument::fromJson(document.toJson()).object();
        QCOMPARE(written, QJsonDocument::fromJson(R"({"operations": {"audit.ls": ["audit", "ls", "--json"]},
                                                    "fragments": {"mount": ["--volume", "{mount}"]}})")
                              .object());
        // Edited back to the default: not an override either.
        const int mount = rowOf(document, ProfileSection::Fragments, u"mount"_s);
        document.setWords(mount, {u"-v"_s, u"{mount}"_s});
        QVERIFY(!CommandProfileDocument::isOverridden(document.entry(mount)));
        document.resetAll();
        QCOMPARE(QJsonDocument::fromJson(document.toJson()).object(), QJsonObject());
    }

    // Sorted keys (readable diffs), owner-only permissions even over a file that had others.
    void writtenFileIsSortedAndPrivate()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kosa8-profile.json"_s);
        QVERIFY(writeAll(path, "{}"));
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                QFileDevice::ReadGroup | QFileDevice::ReadOther));
        CommandProfileDocument document;
        document.setWords(rowOf(document, ProfileSection::Operations, u"version"_s), {u"version"_s, u"-s"_s});
        document.setWords(rowOf(document, ProfileSection::Operations, u"audit.ls"_s),
                          {u"audit"_s, u"list"_s});
        document.setWords(rowOf(document, ProfileSection::Interpreters, u"python"_s),
                          {u"python3"_s, u"-c"_s, u"{code}"_s});
        QString error;
        QVERIFY2(document.save(path, &error), qPrintable(error));
        const QByteArray text = readAll(path);
        QVERIFY(text.indexOf("\"interpreters\"") < text.indexOf("\"operations\""));
        QVERIFY(text.indexOf("\"audit.ls\"") < text.indexOf("\"version\""));
        QCOMPARE(text, document.toJson()); // the same bytes every time: stable diffs
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                                QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                                QFileDevice::WriteOther | QFileDevice::ExeOther;
        QCOMPARE(QFile::permissions(path) & others, QFileDevice::Permissions());
        QVERIFY(QFile::permissions(path) & QFileDevice::WriteOwner);
    }

    void previewUsesTheEditedEntries()
    {
        CommandProfileDocument document;
        k8::kosa8::ConnectionProfile connection;
        connection.executable = u"/opt/kosa8/bin/kosa8"_s;
        const int ls = rowOf(document, ProfileSection::Operations, u"sandbox.ls"_s);
        document.setWords(ls, {u"sandbox"_s, u"ls"_s, u"--format"_s, u"json"_s});
        QString error;
        QCOMPARE(document.samplePreview(ls, connection, &error),
                 u"/opt/kosa8/bin/kosa8 sandbox ls --format json"_s);

        // A fragment shows inside the command that uses it, with the edited operation too.
        document.setWords(rowOf(document, ProfileSection::Operations, u"sandbox.egress"_s),
                          {u"sandbox"_s, u"network"_s, u"{name}"_s, u"{egress...}"_s});
        const int allow = rowOf(document, ProfileSection::Fragments, u"egress.allow"_s);
        document.setWords(allow, {u"--allow={host}"_s});
        QCOMPARE(document.samplePreview(allow, connection, &error),
                 u"/opt/kosa8/bin/kosa8 sandbox network code-runner --allow=pypi.org "
                 "--allow=files.pythonhosted.org"_s);
        const int python = rowOf(document, ProfileSection::Interpreters, u"python"_s);
        document.setWords(python, {u"python3"_s, u"-I"_s, u"-c"_s, u"{code}"_s});
        const QString run = document.samplePreview(python, connection, &error);
        QVERIFY2(run.endsWith(u"python3 -I -c 'print('\\''hello'\\'')'"_s), qPrintable(run));

        // An invalid entry has no preview; its problem says why. Valid ones still preview.
        document.setWords(ls, {u"sandbox"_s, u"ls"_s, u"{name}"_s});
        QVERIFY(document.samplePreview(ls, connection, &error).isEmpty());
        QCOMPARE(error, document.problem(ls));
        QVERIFY(!document.samplePreview(allow, connection, &error).isEmpty());
    }

    void wordsAndLines()
    {
        QCOMPARE(CommandProfileDocument::wordsFromLines(u"sandbox\nls\n"_s),
                 (QStringList{u"sandbox"_s, u"ls"_s}));
        QCOMPARE(CommandProfileDocument::wordsFromLines(u"sandbox\n\nls"_s),
                 (QStringList{u"sandbox"_s, QString(), u"ls"_s}));
        QCOMPARE(CommandProfileDocument::wordsFromLines(QString()), QStringList());
        QCOMPARE(CommandProfileDocument::wordsFromLines(u"a b \n c"_s), (QStringList{u"a b "_s, u" c"_s}));
        QCOMPARE(CommandProfileDocument::linesFromWords({u"a"_s, u"b c"_s}), u"a\nb c"_s);
        // The exact words, quoted, invisible characters spelled out.
        QCOMPARE(CommandProfileDocument::argvText({u"a b "_s, u"x\u202Ey"_s, u"say \"hi\""_s}),
                 u"[\"a b \", \"x\\u202ey\", \"say \\\"hi\\\"\"]"_s);
    }
};

QTEST_GUILESS_MAIN(TestCommandProfileDocument)
#include "tst_commandprofiledocument.moc"
