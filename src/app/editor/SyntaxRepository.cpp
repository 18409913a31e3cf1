// SPDX-License-Identifier: Apache-2.0
#include "editor/SyntaxRepository.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <ksyntaxhighlighting_version.h>

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QRegularExpression>
#include <QThread>

#include <utility>

namespace k8::app {

namespace {

// The repository once the UI thread has it. Never destroyed: editors may outlive a static during
// shutdown, and the process is ending anyway.
KSyntaxHighlighting::Repository* g_repository = nullptr;

// The load on a thread of its own (loadSyntaxInBackground()), until the UI thread takes it.
struct BackgroundLoad
{
    QThread* thread = nullptr;
    // Written by the thread before it ends; read on the UI thread after QThread::wait().
    KSyntaxHighlighting::Repository* repository = nullptr;
    QList<std::pair<QPointer<QObject>, std::function<void()>>> waiting;
};

BackgroundLoad& backgroundLoad()
{
    static BackgroundLoad load;
    return load;
}

QString languageKey(const QString& language)
{
    return language.trimmed().toLower();
}

KSyntaxHighlighting::Definition definitionIn(KSyntaxHighlighting::Repository& repository,
                                             const QString& name);

// The background thread has ended (or the UI thread waited for it): the repository is the app's.
void takeBackgroundRepository()
{
    BackgroundLoad& load = backgroundLoad();
    if (!load.thread)
        return;
    load.thread->wait();
    if (!g_repository)
        g_repository = load.repository;
    load.repository = nullptr;
    load.thread->deleteLater();
    load.thread = nullptr;
}

void callWaiting()
{
    takeBackgroundRepository();
    const auto waiting = std::exchange(backgroundLoad().waiting, {});
    for (const auto& [context, ready] : waiting) {
        if (context)
            ready();
    }
}

} // namespace

KSyntaxHighlighting::Repository& syntaxRepository()
{
    if (!g_repository)
        takeBackgroundRepository();
    if (!g_repository)
        g_repository = new KSyntaxHighlighting::Repository;
    return *g_repository;
}

bool isSyntaxRepositoryLoaded()
{
    return g_repository != nullptr;
}

bool needsSyntaxRepository(const QString& language)
{
    const QString name = languageKey(language);
    return !name.isEmpty() && name.size() <= 64;
}

void loadSyntaxInBackground(const QString& language, QObject* context, std::function<void()> ready)
{
    BackgroundLoad& load = backgroundLoad();
    if (ready)
        load.waiting.append({QPointer<QObject>(context), std::move(ready)});
    if (load.thread)
        return; // loading: the waiting are called when it is done
    if (g_repository) {
        // Already there: called on the next turn, as they would be after a load.
        QMetaObject::invokeMethod(QCoreApplication::instance(), &callWaiting, Qt::QueuedConnection);
        return;
    }
    const QString name = languageKey(language);
    QThread* mainThread = QCoreApplication::instance()->thread();
    load.thread = QThread::create([name, mainThread] {
        auto* repository = new KSyntaxHighlighting::Repository;
        // Loading a definition reads its file, its rules and the definitions it includes; asking
        // for its formats does all of that here instead of at the first line coloured.
        const KSyntaxHighlighting::Definition definition = definitionIn(*repository, name);
        if (definition.isValid())
            (void)definition.formats();
        // A QObject belongs to the thread that made it: it goes to the UI thread, which alone
        // uses it from now on.
        repository->moveToThread(mainThread);
        backgroundLoad().repository = repository;
    });
    QObject::connect(load.thread, &QThread::finished, QCoreApplication::instance(), &callWaiting,
                     Qt::QueuedConnection);
    // An app that quits while it loads waits for it, before Qt's own state it reads goes away.
    static const bool waitsAtExit = [] {
        qAddPostRoutine([] {
            if (QThread* thread = backgroundLoad().thread)
                thread->wait();
        });
        return true;
    }();
    Q_UNUSED(waitsAtExit)
    load.thread->start();
}

namespace {

KSyntaxHighlighting::Definition definitionIn(KSyntaxHighlighting::Repository& repository, const QString& name)
{
    if (name.isEmpty() || name.size() > 64)
        return {};

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

} // namespace

KSyntaxHighlighting::Definition definitionForLanguage(const QString& language)
{
    const QString name = languageKey(language);
    if (!needsSyntaxRepository(name))
        return {};
    return definitionIn(syntaxRepository(), name);
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
