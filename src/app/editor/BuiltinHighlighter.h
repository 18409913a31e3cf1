#pragma once

#include "editor/HighlightColours.h"
#include "editor/SyntaxBackend.h"

#include <QSet>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace k8::app {

// A small hand-written highlighter for the languages agents send (Python, shell, JavaScript)
// and for JSON payloads, used where KSyntaxHighlighting (KF6) is not available (Debian 12,
// Ubuntu 22.04). It scans each line once, left to right, so that a '#' inside a string is not
// taken for a comment; strings and comments that span lines carry over in the block state.
class BuiltinHighlighter final : public QSyntaxHighlighter, public SyntaxBackend
{
    Q_OBJECT
public:
    explicit BuiltinHighlighter(QObject* parent = nullptr);

    static QString backendName() { return QStringLiteral("built-in"); }

    QString name() const override { return backendName(); }
    bool setLanguage(const QString& language) override;
    void setDarkTheme(bool dark) override;

    bool isDarkTheme() const { return m_dark; }
    QString language() const { return m_language; }

    // Block states: what a line leaves open for the next one.
    enum BlockState
    {
        Normal = -1,
        InBlockComment = 1,
        InTripleSingle, // Python '''
        InTripleDouble, // Python """
        InSingleQuoted, // shell '
        InDoubleQuoted, // shell "
        InBacktick,     // JavaScript template string
    };

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rules
    {
        QSet<QString> keywords;
        QSet<QString> builtins;
        QString lineComment;                    // "#" or "//"; empty: none
        bool hashCommentNeedsWordStart = false; // shell: a#b is not a comment
        bool blockComments = false;             // /* ... */
        bool tripleQuotes = false;              // Python
        bool multiLineQuotes = false;           // shell ' and " span lines
        bool backtickStrings = false;           // JavaScript
        bool decorators = false;                // Python @name
        bool shellVariables = false;            // $NAME, ${...}
        bool jsonKeys = false;                  // "key": value
    };

    static Rules rulesFor(const QString& language, bool* known);
    void applyColours();
    // Scans a quoted string that starts (after its opening delimiter) at from. Returns the index
    // just past the closing delimiter, or -1 when the line ends first.
    static int endOfString(const QString& text, int from, const QString& delimiter, bool escapes);
    int continueOpenState(const QString& text, int state);

    QString m_language;
    Rules m_rules;
    bool m_dark = false;
    QTextCharFormat m_keyword, m_builtin, m_string, m_comment, m_number, m_decorator, m_key;
};

} // namespace k8::app
