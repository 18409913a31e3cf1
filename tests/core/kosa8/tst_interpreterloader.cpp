// SPDX-License-Identifier: Apache-2.0
// The built-in "python.stdin" entry run the way kosa8 runs it in a sandbox: the interpreter's argv
// with the code on standard input, here with the real python3 of this machine.
#include "kosa8/CommandProfile.h"
#include "kosa8/InterpreterLoader.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QTest>

using namespace Qt::StringLiterals;
using k8::kosa8::CommandProfile;
using k8::kosa8::InterpreterLoader;

namespace {

struct Ran
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// `interpreter` with its program replaced by `python`, `code` (UTF-8) on its standard input: a
// regular file, as a sandbox may hand it over. Python honours a declaration on standard input when
// it is a file (on a pipe, CPython 3.11 to 3.13 stop with "encoding problem" instead), so a file is
// the case to prove.
Ran run(const QString& python, QStringList interpreter, const QByteArray& code)
{
    interpreter.removeFirst();
    QTemporaryFile input;
    Ran ran;
    if (!input.open() || input.write(code) != code.size() || !input.flush())
        return ran;
    QProcess process;
    process.setStandardInputFile(input.fileName());
    process.start(python, interpreter);
    if (!process.waitForStarted(30000))
        return ran;
    if (!process.waitForFinished(60000))
        return ran;
    ran.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    ran.out = process.readAllStandardOutput();
    ran.err = process.readAllStandardError();
    return ran;
}

} // namespace

class TestInterpreterLoader : public QObject
{
    Q_OBJECT

private:
    QString m_python;
    QStringList m_loader; // the built-in python.stdin
    const QStringList m_plainStdin{u"python"_s, u"-"_s};

private Q_SLOTS:
    void initTestCase()
    {
        m_python = QStandardPaths::findExecutable(u"python3"_s);
        if (m_python.isEmpty())
            QSKIP("no python3 on PATH");
        m_loader = CommandProfile::builtIn().interpreterArguments(u"python"_s, QString(), true);
        QCOMPARE(m_loader, InterpreterLoader::pythonStdin());
        QVERIFY(InterpreterLoader::usesLoader(m_loader));
        QVERIFY(!InterpreterLoader::readsNoDeclaration(m_loader));
        // The loader fits the profile's own check of an entry.
        QCOMPARE(
            CommandProfile::checkEntry(k8::kosa8::ProfileSection::Interpreters, u"python.stdin"_s, m_loader),
            QString());
    }

    // A declaration cannot turn a comment into code: the hidden line never runs.
    void declarationsChangeNothing_data()
    {
        QTest::addColumn<QString>("code");
        const QString shown = u"print('shown')\n"_s;
        QTest::newRow("unicode_escape, em dash")
            << u"# coding: unicode_escape\n# note \u2014 \\nprint('HIDDEN')\n"_s + shown;
        QTest::newRow("raw_unicode_escape")
            << u"# -*- coding: raw_unicode_escape -*-\n# \u2014 \\u000aprint('HIDDEN')\n"_s + shown;
        QTest::newRow("vim form on line 2")
            << u"#!/usr/bin/env python3\n# vim: set fileencoding=unicode_escape :\n# \u2014 \\nprint('HIDDEN')\n"_s +
                   shown;
        QTest::newRow("utf-7 past 100 KiB") << u"# coding: utf-7\n# +AAo-print('HIDDEN')\n"_s + shown +
                                                   u"#"_s + QString(110 * 1024, u'x') + u"\n"_s;
        QTest::newRow("BOM, then latin-1") << u"\ufeff# coding: latin-1\n# \u00e9\n"_s + shown;
    }
    void declarationsChangeNothing()
    {
        QFETCH(QString, code);
        const Ran ran = run(m_python, m_loader, code.toUtf8());
        QVERIFY2(!ran.out.contains("HIDDEN"), ran.out.constData());
        QCOMPARE(ran.out, QByteArray("shown\n"));
        QCOMPARE(ran.exitCode, 0);
    }

    // What the loader is there for: "python -" (the built-in entry before it) runs the hidden line.
    void plainStdinWouldRunIt()
    {
        const QString code =
            u"# coding: unicode_escape\n# note \u2014 \\nprint('HIDDEN')\nprint('shown')\n"_s;
        const Ran ran = run(m_python, m_plainStdin, code.toUtf8());
        if (!ran.out.contains("HIDDEN"))
            QSKIP(qPrintable(u"this python3 does not honour the declaration here: "_s +
                             QString::fromUtf8(ran.err)));
        QCOMPARE(ran.out, QByteArray("HIDDEN\nshown\n"));
    }

    // Everything else is as "python -" would have it.
    void runsAsPythonDashWould_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("main, argv, globals")
            << u"import sys\nprint(__name__, sys.argv, sorted(k for k in globals() if not k.startswith('__')))\n"_s;
        QTest::newRow("every global") << u"print(sorted(globals()), __file__, __cached__)\n"_s;
        QTest::newRow("no sys of the loader's") << u"print('sys' in globals(), 'sys' in dir())\n"_s;
        QTest::newRow("standard input is used up") << u"import sys\nprint(repr(sys.stdin.read()))\n"_s;
        QTest::newRow("exit code") << u"raise SystemExit(7)\n"_s;
        QTest::newRow("byte order mark") << u"\ufeffprint('bom')\n"_s;
        QTest::newRow("CRLF and lone CR") << u"x = 1\r\ny = 2\rprint(x + y)\r\n"_s;
        QTest::newRow("non-ASCII") << u"print('h\u00e9llo \u4e16\u754c \U0001F600')\n"_s;
        QTest::newRow("utf-8 declaration") << u"# -*- coding: utf-8 -*-\nprint('\u2014')\n"_s;
        QTest::newRow("future import")
            << u"from __future__ import annotations\ndef f(x: Undefined): pass\nprint(f.__annotations__)\n"_s;
        QTest::newRow("a class pickles")
            << u"import pickle\nclass C: pass\nprint(type(pickle.loads(pickle.dumps(C()))).__name__)\n"_s;
        QTest::newRow("syntax error") << u"print(1\n"_s;
    }
    void runsAsPythonDashWould()
    {
        QFETCH(QString, code);
        const Ran loader = run(m_python, m_loader, code.toUtf8());
        const Ran plain = run(m_python, m_plainStdin, code.toUtf8());
        QCOMPARE(loader.exitCode, plain.exitCode);
        QCOMPARE(loader.out, plain.out);
        if (plain.exitCode == 0)
            QCOMPARE(loader.err, plain.err);
    }

    // A traceback names the code's own lines, as "<stdin>".
    void tracebackNamesTheCode()
    {
        const Ran ran = run(m_python, m_loader, "x = 1\nraise ValueError('boom')\n");
        QCOMPARE(ran.exitCode, 1);
        QVERIFY2(ran.err.contains("File \"<stdin>\", line 2"), ran.err.constData());
        QVERIFY2(ran.err.contains("ValueError: boom"), ran.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestInterpreterLoader)
#include "tst_interpreterloader.moc"
