// SPDX-License-Identifier: Apache-2.0
#include "kosa8/InterpreterLoader.h"

#include <QFileInfo>

namespace k8::kosa8 {

QString InterpreterLoader::pythonProgram()
{
    // __import__ rather than "import sys": the code must not find a name "sys" it did not import.
    // exec() at module level runs in __main__'s own globals, as "python -" runs its program, which
    // also sets __file__ to "<stdin>" and __cached__ to None there.
    return QStringLiteral("__file__='<stdin>';__cached__=None;__import__('sys').argv[0]='-';"
                          "exec(compile(__import__('sys').stdin.buffer.read().decode('utf-8-sig'),"
                          "'<stdin>','exec'))");
}

QStringList InterpreterLoader::pythonStdin()
{
    return {QStringLiteral("python"), QStringLiteral("-c"), pythonProgram()};
}

bool InterpreterLoader::usesLoader(const QStringList& interpreter)
{
    const qsizetype at = interpreter.indexOf(pythonProgram());
    return at > 0 && interpreter.at(at - 1) == QLatin1String("-c");
}

bool InterpreterLoader::readsNoDeclaration(const QStringList& interpreter)
{
    if (interpreter.isEmpty())
        return false;
    static const char* const Programs[] = {"sh",   "bash",   "dash", "zsh", "ksh",
                                           "node", "nodejs", "deno", "bun"};
    // A word that hands the program a script of its own ("bash -c 'python3 -'") could start
    // anything, Python included.
    static const char* const OwnScript[] = {"-c", "-e", "--eval", "-p", "--print"};
    for (const char* option : OwnScript) {
        if (interpreter.contains(QLatin1String(option)))
            return false;
    }
    const QString program = QFileInfo(interpreter.first()).fileName();
    for (const char* known : Programs) {
        if (program == QLatin1String(known))
            return true;
    }
    return false;
}

} // namespace k8::kosa8
