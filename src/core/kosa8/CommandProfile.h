// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Operation.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace k8::kosa8 {

// The three tables of a command profile, as named in its JSON file.
enum class ProfileSection
{
    Operations,   // "operations": one argv template per Operation
    Fragments,    // "fragments": pieces the list placeholders are built from
    Interpreters, // "interpreters": the argv that runs code of one language in the sandbox
};

// A fully built command: program plus argv (never a shell string), optional standard input.
struct CommandLine
{
    Operation operation = Operation::Version;
    QString program;       // the kosa8 executable
    QStringList arguments; // argv after the program
    QByteArray standardInput;
    bool isValid() const { return !program.isEmpty(); }
};

// The one place kosa8 argvs are spelled. Built-in defaults are kosa8's documented
// commands plus this project's defaults for the rest (the stand-in implements them); a JSON file in the data
// folder may override any entry:
//
//   {"operations": {"sandbox.ls": ["sandbox", "ls", "--format", "json"], ...},
//    "fragments":  {"egress.mode": ["--egress", "{mode}"], ...},
//    "interpreters": {"python": ["python", "-c", "{code}"], "bash.stdin": ["bash", "-s"], ...}}
//
// Templates hold literal words and placeholders. "{key}" is replaced by the string parameter
// `key` (a word that is exactly "{key}" stays one argument even when the value has spaces);
// "{key...}" expands to the list parameter `key`, one argument per element. Parameters used by
// the built-in operations: name, image, label, id, mode, host, mount, code, and the lists
// egress, mounts, interpreter (built from fragments by the helpers below).
class CommandProfile
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::CommandProfile)
public:
    static CommandProfile builtIn();

    // Reads overrides from a JSON file on top of the built-in defaults. On error returns false,
    // leaves this profile unchanged, and sets *error to a message naming the file, the key and
    // what was wrong (unknown operation, not an array of strings, unknown placeholder).
    bool loadOverrides(const QString& path, QString* error);
    // Same, from bytes (for tests and the settings editor).
    bool loadOverridesFromJson(const QByteArray& json, const QString& sourceName, QString* error);
    // Overrides as loaded, for the settings view ("which entries differ from the defaults").
    QStringList overriddenKeys() const;
    QString sourcePath() const { return m_sourcePath; }

    // The JSON name of a section: "operations", "fragments", "interpreters".
    static QString sectionName(ProfileSection section);
    static QList<ProfileSection> allSections();
    // Empty when `words` is a valid template for the entry `key` of `section`, else what is
    // wrong with it (without the file or key; loadOverridesFromJson() adds both). This is the
    // one check of an entry: the loader and the settings editor both use it. An entry must:
    //   - have a known key (an operation, a built-in fragment, or a language name for an
    //     interpreter, optionally with ".stdin"),
    //   - hold at least one word, none empty and none with control characters (an argv word
    //     cannot hold a NUL, and a line break would hide words from a reviewer),
    //   - use only placeholders the app fills in for that entry (those of its built-in
    //     template; "{code}" only in an interpreter that takes the code as an argument), a list
    //     placeholder only as a word of its own,
    //   - use every placeholder of its built-in template: the app passes those values because
    //     they matter (a "sandbox.create" without "{egress...}" would drop the network policy).
    static QString checkEntry(ProfileSection section, const QString& key, const QStringList& words);
    // The entries of a section (sorted keys) and their templates.
    QStringList entryKeys(ProfileSection section) const;
    QStringList entryTemplate(ProfileSection section, const QString& key) const;

    QStringList operationTemplate(Operation op) const;
    // Placeholder keys used by the template of `op` ("name", "egress", ...), without braces/dots.
    QStringList placeholders(Operation op) const;

    // Expands the template of `op` with `params`. Returns an empty list and sets *error when a
    // placeholder has no value.
    QStringList arguments(Operation op, const QVariantMap& params, QString* error = nullptr) const;

    // Builders for the list parameters, from the profile's fragments.
    // Egress for create/egress: "deny"/"any"/"fakenet" -> fragments "egress.mode" with {mode};
    // allow-list -> fragment "egress.allow" with {host}, once per host.
    QStringList egressArguments(const QString& modeName, const QStringList& allowHosts) const;
    // Host mounts -> fragment "mount" with {mount}, once per "HOST:GUEST".
    QStringList mountArguments(const QStringList& mounts) const;
    // Interpreter argv for a language ("python", "bash", "node"); withStdin picks "<lang>.stdin".
    // The "{code}" placeholder is expanded with `code`. Empty for an unknown language.
    QStringList interpreterArguments(const QString& language, const QString& code, bool withStdin) const;
    QStringList languages() const;

    // Whether code (its UTF-8 bytes) reaches the interpreter unchanged as one argv element, by
    // construction: at most maxArgumentBytes, no NUL (an argv string ends at the first one), only
    // 7-bit ASCII (no byte that a platform's or a remote worker's conversion of arguments could
    // alter), and not starting with '-' (never mistaken for an option of kosa8 or the interpreter).
    // Anything else goes on standard input, where the bytes are written as they are.
    static bool fitsOneArgument(const QByteArray& utf8Code, qint64 maxArgumentBytes);
    // Empty when `code` may go on standard input to the ".stdin" interpreter of `language` and be
    // read there as it was shown; else why not, for the run's error. Refused: code whose line 1 or
    // 2 declares a source encoding other than UTF-8 (CodingDeclaration::honoured), for an
    // interpreter that may be a Python reading its program itself, as a person's "python3 -"
    // would: any template but the built-in loader (InterpreterLoader) and shells or node.
    QString stdinRefusal(const QString& language, const QString& code) const;
    // False when the text holds a lone UTF-16 surrogate: toUtf8() would write '?' in its place, so
    // the bytes that ran would differ from the code that was shown and hashed.
    static bool encodesExactly(const QString& code);

private:
    const QHash<QString, QStringList>& table(ProfileSection section) const;
    QHash<QString, QStringList>& table(ProfileSection section);

    QHash<QString, QStringList> m_operations;   // key -> template
    QHash<QString, QStringList> m_fragments;    // "egress.mode", "egress.allow", "mount"
    QHash<QString, QStringList> m_interpreters; // "python", "python.stdin", ...
    QStringList m_overridden;
    QString m_sourcePath;
};

} // namespace k8::kosa8
