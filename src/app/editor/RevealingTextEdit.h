// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "editor/RevealedCode.h"

#include <QPlainTextEdit>

class QTimer;

namespace k8::app {

class HiddenMarkers;

// A plain-text editor that keeps code exactly and hides nothing of it: special characters are
// boxed markers, line ends other than LF are labelled at the end of their line, letters that pass
// for ASCII inside identifiers are underlined. It wraps long lines, so nothing of a line is out of
// sight past the right edge. Copy gives the original characters and paste keeps
// them (see RevealedCode.h). The code editor and the diff panes are both one.
class RevealingTextEdit : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit RevealingTextEdit(QWidget* parent = nullptr);
    ~RevealingTextEdit() override;

    // Replaces the text by code with its line ends kept per line; clears undo history.
    void setRevealedText(const QString& code);
    // The same a piece at a time (revealed::pieceEnd()): startRevealedText() loads the first
    // piece of code, appendRevealedText() the piece from `from`; each returns where its piece
    // ended (code.size() once all of it is in). The text is as setRevealedText() makes it once
    // every piece is in; the caller then calls refreshMarkedText() (the underlines of the pieces
    // after the first wait for it).
    qsizetype startRevealedText(const QString& code, int pieceLines, qsizetype pieceChars);
    qsizetype appendRevealedText(const QString& code, qsizetype from, int pieceLines, qsizetype pieceChars);
    // True while a piece is being put in (the document's change signals come from it).
    bool isLoadingPiece() const { return m_revealing; }
    // Replaces the text by rows, one line each, every special character a marker.
    void setRevealedRows(const QStringList& rows);
    // The original text of what is shown, edits included.
    QString revealedText() const;
    // True from setRevealedText()/setRevealedRows() until text is loaded some other way
    // (setPlainText()), after which the editor is a plain QPlainTextEdit again.
    bool isRevealing() const { return m_exact; }

    // The underlines on look-alike letters inside identifiers (wavy, tinted) and on right-to-left
    // text (dotted), which reorders what is next to it even with no control.
    const QList<QTextEdit::ExtraSelection>& markedTextSelections() const { return m_markedText; }
    // Recomputes those underlines now instead of shortly after the last edit.
    void refreshMarkedText();
    const HiddenMarkers* markers() const { return m_markers; }

    // Past this many characters with no place to break, lines wrap anywhere instead of at word
    // boundaries: Qt lays out a long unbroken word in quadratic time (a 200,000-character line
    // took 5 s), and a hostile agent sends exactly that.
    static constexpr int LongestWordWrappedAtBoundaries = 2000;
    // Picks the wrap mode for text (see above); a no-op unless it changes.
    void adaptWrapping(const QString& text);

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void inputMethodEvent(QInputMethodEvent* event) override;
    QMimeData* createMimeDataFromSelection() const override;
    bool canInsertFromMimeData(const QMimeData* source) const override;
    void insertFromMimeData(const QMimeData* source) override;
    void changeEvent(QEvent* event) override;
    // Sets the extra selections; a subclass adds its own (the current line) to markedTextSelections().
    virtual void applyExtraSelections();
    // Labels each visible line whose end is not LF, after its text: CRLF quietly, CR, LS and PS
    // as warnings (some interpreters end the line there and others do not).
    void paintLineEnds(QPainter& painter, const QRect& area);

private:
    // Loads code[0, end) as setRevealedText() loads all of it (end: after a whole line end).
    void loadRevealedText(const QString& code, qsizetype end);
    void noteChange(int position, int removed, int added);
    void revealPending();

    HiddenMarkers* m_markers;
    QTimer* m_markedTextTimer;
    QList<QTextEdit::ExtraSelection> m_markedText;
    revealed::LineEnd m_newLineEnd = revealed::LineEnd::Lf;
    int m_dirtyFrom = -1;
    int m_dirtyTo = -1;
    bool m_revealing = false;
    bool m_exact = false;
};

} // namespace k8::app
