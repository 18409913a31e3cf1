// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "editor/LineDiff.h"

#include <QSize>
#include <QWidget>

class QLabel;
class QStackedWidget;
class QTimer;
class QToolButton;

namespace k8::app {

class RevealingTextEdit;

// Original code against the person's edit, unified (one column, +/- markers) or side by side,
// with added lines green, removed lines red and a "+N −M" summary. Recomputed shortly after the
// edited text changes, so typing stays smooth on long code. Nothing in either text can hide: the
// panes draw special characters as markers (a CR inside a line is a marker, not a row break) and
// every pane wraps long lines, as the code editor does. Side by side, a row that wraps onto more
// lines on one side than on the other gets blank filler lines on the other, so each row still
// starts at the same height in both columns. With no change yet only the summary line shows.
class DiffView : public QWidget
{
    Q_OBJECT
public:
    enum Mode
    {
        Unified,
        SideBySide
    };

    explicit DiffView(QWidget* parent = nullptr);

    void setOriginal(const QString& original);
    // Schedules a recompute (coalesced); call refreshNow() to have it at once.
    void setEdited(const QString& edited);
    void setTexts(const QString& original, const QString& edited);
    void refreshNow();

    void setMode(Mode mode);
    Mode mode() const { return m_mode; }

    const QList<DiffLine>& lines() const { return m_lines; }
    int addedCount() const { return m_added; }
    int removedCount() const { return m_removed; }
    QString summaryText() const;
    // The unified text as shown ("+ line", "- line", "  line"), each marker mapped back to the
    // character it stands for.
    QString unifiedText() const;
    // The two side-by-side columns, row-aligned (blank filler rows where one side has none).
    QString leftText() const;
    QString rightText() const;

    // The height that shows the summary and every row of the diff as laid out now (wrapped lines
    // counted), the rows at most `mostLines` lines high (more scroll). Only the summary's when
    // nothing has changed.
    int fittingHeight(int mostLines) const;

Q_SIGNALS:
    void diffUpdated(int added, int removed);
    // The rows were laid out again (new texts, another width or mode): fittingHeight() may differ.
    void rowsLaidOut();

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    RevealingTextEdit* makePane(const QString& accessibleName);
    void render();
    // Fills the two columns with the rows, each padded with filler lines to the height of the
    // row beside it at the panes' width now.
    void fillSideBySide();

    QString m_original;
    QString m_edited;
    QList<DiffLine> m_lines;
    int m_added = 0;
    int m_removed = 0;
    Mode m_mode = Unified;
    // The side-by-side rows before padding (what leftText()/rightText() return) and their colours.
    QStringList m_leftRows;
    QStringList m_rightRows;
    QList<QColor> m_leftColours;
    QList<QColor> m_rightColours;
    // The pane widths the columns were last padded for: a new width pads them again.
    QSize m_paddedForWidths;

    QLabel* m_summary;
    QToolButton* m_modeButton;
    QStackedWidget* m_stack;
    RevealingTextEdit* m_unified;
    RevealingTextEdit* m_left;
    RevealingTextEdit* m_right;
    QTimer* m_recompute;
    QTimer* m_repad;
};

} // namespace k8::app
