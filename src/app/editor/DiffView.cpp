// SPDX-License-Identifier: Apache-2.0
#include "editor/DiffView.h"

#include "style/StateColours.h"

#include "editor/RevealingTextEdit.h"
#include "widgets/FitToLines.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {

struct DiffColours
{
    QColor added;
    QColor removed;
    QColor filler;
};

DiffColours diffColours(const QPalette& palette)
{
    const StateColours colours(palette);
    return {colours.colour(StateColours::Role::DiffAdded), colours.colour(StateColours::Role::DiffRemoved),
            colours.colour(StateColours::Role::DiffFiller)};
}

// Fills a pane with rows and paints each row's background; a row without colour keeps the base.
void fillPane(RevealingTextEdit* pane, const QStringList& rows, const QList<QColor>& backgrounds)
{
    pane->setRevealedRows(rows);
    QTextCursor cursor(pane->document());
    QTextBlock block = pane->document()->firstBlock();
    for (int i = 0; block.isValid() && i < backgrounds.size(); ++i, block = block.next()) {
        if (!backgrounds.at(i).isValid())
            continue;
        QTextBlockFormat format = block.blockFormat();
        format.setBackground(backgrounds.at(i));
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

// How many lines each row of a pane takes at the pane's width now (laid out first if it was not).
QList<int> linesPerRow(RevealingTextEdit* pane)
{
    QList<int> lines;
    QAbstractTextDocumentLayout* layout = pane->document()->documentLayout();
    for (QTextBlock block = pane->document()->firstBlock(); block.isValid(); block = block.next()) {
        layout->blockBoundingRect(block); // lays the block out at the pane's width
        lines.append(qMax(1, block.layout()->lineCount()));
    }
    return lines;
}

} // namespace

DiffView::DiffView(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_modeButton(new QToolButton(this))
    , m_stack(new QStackedWidget(this))
    , m_unified(makePane(tr("Changes, unified")))
    , m_left(makePane(tr("Original code")))
    , m_right(makePane(tr("Edited code")))
    , m_recompute(new QTimer(this))
    , m_repad(new QTimer(this))
{
    m_summary->setAccessibleDescription(tr("Change summary"));
    m_modeButton->setText(tr("Side by side"));
    m_modeButton->setCheckable(true);
    m_modeButton->setAccessibleName(tr("Show changes side by side"));
    m_modeButton->setToolTip(tr("Show the original and the edited code side by side"));
    connect(m_modeButton, &QToolButton::toggled, this,
            [this](bool on) { setMode(on ? SideBySide : Unified); });

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(new QLabel(tr("Changes:"), this));
    top->addWidget(m_summary, 1);
    top->addWidget(m_modeButton);

    auto* split = new QSplitter(Qt::Horizontal, m_stack);
    split->setObjectName(QStringLiteral("diffSplitter")); // its position is kept (mainwindow/WindowState)
    split->addWidget(m_left);
    split->addWidget(m_right);
    m_stack->addWidget(m_unified);
    m_stack->addWidget(split);
    // Side by side, both panes scroll together so that rows stay aligned.
    connect(m_left->verticalScrollBar(), &QScrollBar::valueChanged, m_right->verticalScrollBar(),
            &QScrollBar::setValue);
    connect(m_right->verticalScrollBar(), &QScrollBar::valueChanged, m_left->verticalScrollBar(),
            &QScrollBar::setValue);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_stack, 1);

    m_recompute->setSingleShot(true);
    m_recompute->setInterval(120);
    connect(m_recompute, &QTimer::timeout, this, &DiffView::refreshNow);
    // A new width wraps the columns' rows otherwise: padded again once the panes have laid out.
    m_repad->setSingleShot(true);
    m_repad->setInterval(0);
    connect(m_repad, &QTimer::timeout, this, [this] {
        if (m_mode == SideBySide &&
            QSize(m_left->viewport()->width(), m_right->viewport()->width()) != m_paddedForWidths)
            fillSideBySide();
        Q_EMIT rowsLaidOut();
    });
    for (RevealingTextEdit* pane : {m_unified, m_left, m_right})
        pane->viewport()->installEventFilter(this);
    refreshNow();
}

RevealingTextEdit* DiffView::makePane(const QString& accessibleName)
{
    auto* pane = new RevealingTextEdit(this);
    pane->setReadOnly(true);
    pane->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    pane->setAccessibleName(accessibleName);
    pane->setTabChangesFocus(true);
    return pane;
}

void DiffView::setOriginal(const QString& original)
{
    m_original = original;
    m_recompute->start();
}

void DiffView::setEdited(const QString& edited)
{
    m_edited = edited;
    m_recompute->start();
}

void DiffView::setTexts(const QString& original, const QString& edited)
{
    m_original = original;
    m_edited = edited;
    refreshNow();
}

void DiffView::refreshNow()
{
    m_recompute->stop();
    m_lines = LineDiff::compute(m_original, m_edited);
    m_added = LineDiff::count(m_lines, DiffLine::Added);
    m_removed = LineDiff::count(m_lines, DiffLine::Removed);
    m_summary->setText(summaryText());
    // Until the person changes something there is nothing to show but "no changes".
    const bool changed = m_added > 0 || m_removed > 0;
    m_stack->setVisible(changed);
    m_modeButton->setVisible(changed);
    render();
    Q_EMIT diffUpdated(m_added, m_removed);
    Q_EMIT rowsLaidOut();
}

void DiffView::setMode(Mode mode)
{
    m_mode = mode;
    m_modeButton->setChecked(mode == SideBySide);
    m_stack->setCurrentIndex(mode == SideBySide ? 1 : 0);
    if (mode == SideBySide)
        m_repad->start();
    Q_EMIT rowsLaidOut();
}

int DiffView::fittingHeight(int mostLines) const
{
    const int summary = qMax(m_summary->sizeHint().height(), m_modeButton->sizeHint().height());
    if (m_stack->isHidden())
        return summary;
    const RevealingTextEdit* pane = m_mode == SideBySide ? m_left : m_unified;
    const int lines = qBound(1, linesLaidOut(pane, mostLines), mostLines);
    const int spacing = layout() ? layout()->spacing() : 0;
    // Half a line of slack: without it rounding in the layout shows a scroll bar for rows that fit.
    return summary + spacing + lines * pane->fontMetrics().lineSpacing() +
           int(2 * pane->document()->documentMargin()) + 2 * pane->frameWidth() +
           pane->fontMetrics().lineSpacing() / 2;
}

QString DiffView::summaryText() const
{
    if (m_added == 0 && m_removed == 0)
        return tr("no changes");
    //: Lines added and removed by the edit, e.g. "+3 −1"
    return tr("+%1 \u2212%2").arg(m_added).arg(m_removed);
}

QString DiffView::unifiedText() const
{
    return m_unified->revealedText();
}

QString DiffView::leftText() const
{
    return m_leftRows.join(QLatin1Char('\n'));
}

QString DiffView::rightText() const
{
    return m_rightRows.join(QLatin1Char('\n'));
}

void DiffView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

bool DiffView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize)
        m_repad->start(); // after the pane has laid its rows out at the new width
    return QWidget::eventFilter(watched, event);
}

void DiffView::render()
{
    const DiffColours colours = diffColours(palette());

    QStringList unified;
    QList<QColor> unifiedColours;
    for (const DiffLine& line : m_lines) {
        switch (line.kind) {
        case DiffLine::Same:
            unified.append(QStringLiteral("  ") + line.text);
            unifiedColours.append(QColor());
            break;
        case DiffLine::Added:
            unified.append(QStringLiteral("+ ") + line.text);
            unifiedColours.append(colours.added);
            break;
        case DiffLine::Removed:
            unified.append(QStringLiteral("- ") + line.text);
            unifiedColours.append(colours.removed);
            break;
        }
    }
    fillPane(m_unified, unified, unifiedColours);

    // Side by side: a run of removed lines and the run of added lines after it share rows, the
    // shorter side padded with blank filler rows.
    QStringList& left = m_leftRows;
    QStringList& right = m_rightRows;
    QList<QColor>& leftColours = m_leftColours;
    QList<QColor>& rightColours = m_rightColours;
    left.clear();
    right.clear();
    leftColours.clear();
    rightColours.clear();
    for (qsizetype i = 0; i < m_lines.size();) {
        if (m_lines.at(i).kind == DiffLine::Same) {
            left.append(m_lines.at(i).text);
            right.append(m_lines.at(i).text);
            leftColours.append(QColor());
            rightColours.append(QColor());
            ++i;
            continue;
        }
        QStringList removed, added;
        while (i < m_lines.size() && m_lines.at(i).kind == DiffLine::Removed)
            removed.append(m_lines.at(i++).text);
        while (i < m_lines.size() && m_lines.at(i).kind == DiffLine::Added)
            added.append(m_lines.at(i++).text);
        const qsizetype rows = qMax(removed.size(), added.size());
        for (qsizetype r = 0; r < rows; ++r) {
            const bool hasLeft = r < removed.size();
            const bool hasRight = r < added.size();
            left.append(hasLeft ? removed.at(r) : QString());
            right.append(hasRight ? added.at(r) : QString());
            leftColours.append(hasLeft ? colours.removed : colours.filler);
            rightColours.append(hasRight ? colours.added : colours.filler);
        }
    }
    fillSideBySide();
}

void DiffView::fillSideBySide()
{
    // The rows as they are first, to learn how many lines each wraps onto at this width.
    fillPane(m_left, m_leftRows, m_leftColours);
    fillPane(m_right, m_rightRows, m_rightColours);
    if (m_mode != SideBySide || !m_left->isVisible()) {
        m_paddedForWidths = QSize(); // not laid out at its width yet: padded when shown (m_repad)
        return;
    }
    m_paddedForWidths = QSize(m_left->viewport()->width(), m_right->viewport()->width());
    const QList<int> leftLines = linesPerRow(m_left);
    const QList<int> rightLines = linesPerRow(m_right);
    if (leftLines == rightLines)
        return;
    const QColor filler = diffColours(palette()).filler;
    QStringList left, right;
    QList<QColor> leftColours, rightColours;
    const auto pad = [&filler](QStringList& rows, QList<QColor>& colours, int lines) {
        for (int i = 0; i < lines; ++i) {
            rows.append(QString());
            colours.append(filler);
        }
    };
    for (qsizetype row = 0; row < m_leftRows.size() && row < leftLines.size() && row < rightLines.size();
         ++row) {
        left.append(m_leftRows.at(row));
        right.append(m_rightRows.at(row));
        leftColours.append(m_leftColours.at(row));
        rightColours.append(m_rightColours.at(row));
        pad(left, leftColours, rightLines.at(row) - leftLines.at(row));
        pad(right, rightColours, leftLines.at(row) - rightLines.at(row));
    }
    fillPane(m_left, left, leftColours);
    fillPane(m_right, right, rightColours);
}

} // namespace k8::app
