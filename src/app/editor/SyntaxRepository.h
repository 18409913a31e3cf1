// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace KSyntaxHighlighting {
class Definition;
class Repository;
} // namespace KSyntaxHighlighting

namespace k8::app {

// The one KSyntaxHighlighting repository of the app: loading it reads the index of every syntax
// definition and theme, so all editors share it. GUI thread only.
KSyntaxHighlighting::Repository& syntaxRepository();

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
