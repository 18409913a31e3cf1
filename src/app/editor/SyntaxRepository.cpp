// SPDX-License-Identifier: Apache-2.0
#include "editor/SyntaxRepository.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <ksyntaxhighlighting_version.h>

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

namespace k8::app {

KSyntaxHighlighting::Repository& syntaxRepository()
{
    // Never destroyed: editors may outlive a function-local static during shutdown, and the
    // process is ending anyway.
    static auto* repository = new KSyntaxHighlighting::Repository;
    return *repository;
}

KSyntaxHighlighting::Definition definitionForLanguage(const QString& language)
{
    const QString name = language.trimmed().toLower();
    if (name.isEmpty() || name.size() > 64)
        return {};
    KSyntaxHighlighting::Repository& repository = syntaxRepository();

    // Names agents and runtimes use that are not the library's own names for the language.
    static const QHash<QString, QString> aliases{
        {QStringLiteral("python3"), QStringLiteral("Python")},
        {QStringLiteral("py"), QStringLiteral("Python")},
        {QStringLiteral("sh"), QStringLiteral("Bash")},
        {QStringLiteral("shell"), QStringLiteral("Bash")},
        {QStringLiteral("node"), QStringLiteral("JavaScript")},
        {QStringLiteral("nodejs"), QStringLiteral("JavaScript")},
        {QStringLiteral("js"), QStringLiteral("JavaScript")},
        {QStringLiteral("ts"), QStringLiteral("TypeScript")},
        {QStringLiteral("c++"), QStringLiteral("C++")},
        {QStringLiteral("cpp"), QStringLiteral("C++")},
        {QStringLiteral("golang"), QStringLiteral("Go")},
        {QStringLiteral("yml"), QStringLiteral("YAML")},
        {QStringLiteral("text"), QString()},
        {QStringLiteral("plain"), QString()},
    };
    const auto alias = aliases.constFind(name);
    if (alias != aliases.constEnd())
        return alias->isEmpty() ? KSyntaxHighlighting::Definition() : repository.definitionForName(*alias);

    KSyntaxHighlighting::Definition definition = repository.definitionForName(name);
    if (definition.isValid())
        return definition;
    // A MIME type ("text/x-python").
    static const QRegularExpression mimeType(QStringLiteral("^[a-z0-9.+-]{1,32}/[a-z0-9.+-]{1,48}$"));
    if (mimeType.match(name).hasMatch())
        return repository.definitionForMimeType(name);
    // A bare extension ("rb", "rs", "kt"): only letters, digits and a few marks, so the lookup
    // by file name cannot be steered with wildcards or paths.
    static const QRegularExpression extension(QStringLiteral("^[a-z0-9+_-]{1,16}$"));
    if (extension.match(name).hasMatch())
        return repository.definitionForFileName(QStringLiteral("code.") + name);
    return {};
}

QString syntaxLibraryVersion()
{
    return QStringLiteral(KSYNTAXHIGHLIGHTING_VERSION_STRING);
}

bool syntaxLibraryIsBuiltIn()
{
#ifdef KOSA8DESK_KSYNTAX_BUNDLED
    return true;
#else
    return false;
#endif
}

QString syntaxLibrarySummary()
{
    return syntaxLibraryIsBuiltIn()
               ? QCoreApplication::translate("k8::app::SyntaxRepository", "KSyntaxHighlighting %1 (built in)")
                     .arg(syntaxLibraryVersion())
               : QCoreApplication::translate("k8::app::SyntaxRepository", "KSyntaxHighlighting %1 (system)")
                     .arg(syntaxLibraryVersion());
}

} // namespace k8::app
