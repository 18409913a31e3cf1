#pragma once

#include <QString>

#include <memory>

class QTextDocument;

namespace k8::app {

// What the code editor needs from a syntax highlighter, so that KSyntaxHighlighting (when the
// build found KF6) and the built-in fallback are interchangeable behind one editor API.
class SyntaxBackend
{
public:
    virtual ~SyntaxBackend() = default;

    // "KSyntaxHighlighting" or "built-in": shown in the About box.
    virtual QString name() const = 0;
    // python, bash, json or node. Returns false for a language it cannot colour; the text is then
    // shown plain.
    virtual bool setLanguage(const QString& language) = 0;
    virtual void setDarkTheme(bool dark) = 0;
};

// The best backend this build has, attached to document.
std::unique_ptr<SyntaxBackend> createSyntaxBackend(QTextDocument* document);
// Always the built-in one (tests, and a fallback when KSyntaxHighlighting lacks a definition).
std::unique_ptr<SyntaxBackend> createBuiltinSyntaxBackend(QTextDocument* document);
// The name createSyntaxBackend() would report, without creating one.
QString preferredSyntaxBackendName();

} // namespace k8::app
