// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QPlainTextEdit>

namespace k8::app {

// The output of approved runs, as it streams in. Whatever the code prints, the console costs the
// same bounded work per piece and holds a bounded document: at most maxLines() lines (the oldest
// go first) of at most maxLineChars() characters. A longer line is cut into pieces of that length:
// each cut ends with continuationMark() and its continuation starts with continuationLead(), so the
// reader sees that it is one line.
class RunConsole : public QPlainTextEdit
{
    Q_OBJECT
public:
    static constexpr int DefaultMaxLines = 10000;
    static constexpr int DefaultMaxLineChars = 1000;

    explicit RunConsole(QWidget* parent = nullptr);

    void setMaxLines(int lines) { setMaximumBlockCount(lines); }
    int maxLines() const { return maximumBlockCount(); }
    void setMaxLineChars(int chars) { m_maxLineChars = qMax(8, chars); }
    int maxLineChars() const { return m_maxLineChars; }

    // Appends `text` at the end (any length, with or without line ends) and follows the output
    // when the view was at the bottom.
    void appendText(const QString& text, const QColor& colour = {}, bool bold = false);
    // True when the next text starts a line (the console is empty or ends with a line end).
    bool atLineStart() const;

    static QString continuationMark();
    static QString continuationLead();

private:
    int m_maxLineChars = DefaultMaxLineChars;
};

} // namespace k8::app
