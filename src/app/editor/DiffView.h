// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "editor/LineDiff.h"

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
// panes draw special characters as markers (a CR inside a line is a marker, not a row break),
// the unified pane wraps long lines, and the side-by-side panes, which must keep their rows
// aligned, label each line that runs past the right edge with how much is out of sight.
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

Q_SIGNALS:
    void diffUpdated(int added, int removed);

protected:
    void changeEvent(QEvent* event) override;

private:
    RevealingTextEdit* makePane(const QString& accessibleName);
    void render();

    QString m_original;
    QString m_edited;
    QList<DiffLine> m_lines;
    int m_added = 0;
    int m_removed = 0;
    Mode m_mode = Unified;

    QLabel* m_summary;
    QToolButton* m_modeButton;
    QStackedWidget* m_stack;
    RevealingTextEdit* m_unified;
    RevealingTextEdit* m_left;
    RevealingTextEdit* m_right;
    QTimer* m_recompute;
};

} // namespace k8::app
