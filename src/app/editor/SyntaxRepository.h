// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <functional>

class QObject;

namespace KSyntaxHighlighting {
class Definition;
class Repository;
} // namespace KSyntaxHighlighting

namespace k8::app {

// The one KSyntaxHighlighting repository of the app: loading it reads the index of every syntax
// definition and theme, so all editors share it. GUI thread only. Loaded here when first asked
// for, or taken from loadSyntaxInBackground() (waiting for it if it is still loading).
KSyntaxHighlighting::Repository& syntaxRepository();

// Whether syntaxRepository() is there already (it then costs nothing).
bool isSyntaxRepositoryLoaded();
// Loads the repository, and the definition for `language` in it, on a thread of its own, once:
// the two took about 7 ms on the UI thread when the first request's code came into view
// (bench/README.md, bench_large_requests), and the highlighter can wait for them (CodeHighlighter
// colours a slice at a time anyway). The repository is handed to the UI thread when it is done;
// nothing uses it before. Calls after the first only add their `ready`. `ready` runs on the UI
// thread once the repository is there, unless `context` is gone by then. GUI thread only.
void loadSyntaxInBackground(const QString& language, QObject* context, std::function<void()> ready);
// Whether a language name needs the repository at all (an empty name is plain text without it).
bool needsSyntaxRepository(const QString& language);

// The definition for a language name from a payload or a run: python, bash/sh/shell, node/js,
// json and any name or alternative name the library knows (case-insensitive), a few common
// aliases, then a file extension ("rb", "rs"). Invalid when nothing matches: the text is then
// shown plain. The name is an agent's text: it is only looked up, never used as a path.
KSyntaxHighlighting::Definition definitionForLanguage(const QString& language);

// The KSyntaxHighlighting this build uses, for the About box and --version, e.g.
// "KSyntaxHighlighting 6.8.0 (built in)" or "KSyntaxHighlighting 6.13.0 (system)".
QString syntaxLibraryVersion();
bool syntaxLibraryIsBuiltIn();
QString syntaxLibrarySummary();

} // namespace k8::app
