#pragma once

#include <QPlainTextEdit>

#include <memory>

namespace k8::app {

class CodeHighlighter;

// The editor agents' code is reviewed in: monospace, a painted line-number sidebar, the current
// line highlighted, syntax colours and folding markers from KSyntaxHighlighting, and a light or
// dark theme picked from the palette's base colour (re-picked when the palette changes).
class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);
    ~CodeEditor() override;

    // python, bash, json, node and any language KSyntaxHighlighting knows by that name (see
    // definitionForLanguage()); anything else is shown as plain text.
    void setLanguage(const QString& language);
    QString language() const { return m_language; }
    // Colours the text a slice at a time; tests and benches wait for it here.
    CodeHighlighter* highlighter() const { return m_highlighter; }

    bool isDarkTheme() const { return m_dark; }
    int lineNumberAreaWidth() const;

    // The code itself, exactly: setCode() shows it and code() gives it back character for
    // character (the review compares and sends this, never toPlainText(), which a text document
    // is free to normalise).
    void setCode(const QString& code);
    QString code() const;

    // Read-only reviewing vs editing. While read-only, Tab moves the focus on (keyboard path
    // through the review view) and the text stays selectable by keyboard.
    void setEditable(bool editable);
    bool isEditable() const { return !isReadOnly(); }

Q_SIGNALS:
    void themeChanged(bool dark);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend class LineNumberArea;
    void paintLineNumbers(QPaintEvent* event);
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect& rect, int dy);
    void highlightCurrentLine();
    void pickTheme();

    QWidget* m_lineNumberArea = nullptr;
    CodeHighlighter* m_highlighter; // a child of the document
    QString m_language;
    bool m_dark = false;
};

} // namespace k8::app
