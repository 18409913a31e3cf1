// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace k8::kosa8 {

// How an interpreter is handed code on standard input so that nothing in the code changes how its
// bytes are read. Python honours a source-encoding declaration (CodingDeclaration) when it reads a
// program from a file or from standard input ("python -"), so the built-in "python.stdin" is
// instead "python -c PROGRAM", where PROGRAM is the fixed one-line loader below: it reads standard
// input as bytes, decodes them as UTF-8 (a leading byte order mark dropped, as Python drops it),
// and compiles the text as a str, for which Python ignores every declaration. The code runs in
// __main__ as "python -" would run it (sys.argv == ['-'], __file__ and the traceback's file name
// "<stdin>", no name of the loader's own left behind); a traceback shows one frame of the loader ("<string>")
// above it. Shells and node read no such declaration: their built-in entries read standard input as it is.
class InterpreterLoader
{
public:
    // The loader: ASCII, one line, no word a shell would split (it is one argv element anyway).
    static QString pythonProgram();
    // The built-in "python.stdin": {"python", "-c", pythonProgram()}.
    static QStringList pythonStdin();
    // Whether an interpreter template passes the loader as the program of a "-c" (the built-in
    // entry, or a person's with another Python: {"python3", "-I", "-c", LOADER}).
    static bool usesLoader(const QStringList& interpreter);
    // Whether the template's program is one known to read no source-encoding declaration: a
    // POSIX shell or bash/zsh/ksh, or a JavaScript runtime (node, deno, bun), given no script of
    // its own ("-c", "-e"...: that script could start Python). Python and anything unknown are not.
    static bool readsNoDeclaration(const QStringList& interpreter);
};

} // namespace k8::kosa8
