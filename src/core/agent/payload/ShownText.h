// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

namespace k8::agent {

// The part of an agent's text that an editor shows. A text editor given millions of lines costs
// gigabytes and freezes the window for seconds (a QTextDocument block per line, laid out and
// highlighted), and nobody reads millions of lines in a review anyway. So an editor shows at most
// maxLines lines and maxChars characters from the start, cut at a line end where a line end is
// near, and says plainly how much it does not show (notShownText()).
//
// Only the showing is cut: what is checked (HiddenText, the reach scan), hashed, recorded and sent
// is always the whole text. Lines end where HiddenText says they do ("\n", "\r\n", a lone "\r",
// U+2028, U+2029), so the counts are the editor's own line numbers.
class ShownText
{
    Q_DECLARE_TR_FUNCTIONS(ShownText)
public:
    static constexpr int DefaultMaxLines = 5000;
    static constexpr qsizetype DefaultMaxChars = 256 * 1024;

    ShownText() = default;
    // Cuts `text`; the whole text is not kept (only the part shown and the counts).
    static ShownText of(const QString& text, int maxLines = DefaultMaxLines,
                        qsizetype maxChars = DefaultMaxChars);

    // What the editor shows: the whole text, or its first part (never half a surrogate pair).
    const QString& shown() const { return m_shown; }
    // Whether something of the text is not shown.
    bool isPartial() const { return m_partial; }
    qsizetype totalLines() const { return m_totalLines; }
    qsizetype shownLines() const { return m_shownLines; }
    qsizetype totalChars() const { return m_totalChars; }
    qsizetype shownChars() const { return m_shown.size(); }
    // "Showing the first 5,000 of 3,879,702 lines: the rest is not shown." Empty when whole.
    QString notShownText() const;

private:
    QString m_shown;
    bool m_partial = false;
    bool m_cutAtLineLimit = false; // else at the character limit
    qsizetype m_totalLines = 0;
    qsizetype m_shownLines = 0;
    qsizetype m_totalChars = 0;
};

} // namespace k8::agent
