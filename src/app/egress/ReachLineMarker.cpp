// SPDX-License-Identifier: Apache-2.0
#include "egress/ReachLineMarker.h"

#include "style/Style.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>

namespace k8::app {

ReachLineMarker::ReachLineMarker(QPlainTextEdit* editor)
    : QWidget(editor->viewport())
    , m_editor(editor)
{
    setObjectName(QStringLiteral("reachLineMarker"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    resize(editor->viewport()->size());
    editor->viewport()->installEventFilter(this);
    connect(editor->verticalScrollBar(), &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    connect(editor, &QPlainTextEdit::updateRequest, this, qOverload<>(&QWidget::update));
    show();
}

void ReachLineMarker::setLines(const QList<int>& lines, const QStringList& reasons)
{
    m_lines = lines;
    m_reasons = reasons;
    update();
}

bool ReachLineMarker::eventFilter(QObject* watched, QEvent* event)
{
    if (m_editor && watched == m_editor->viewport()) {
        if (event->type() == QEvent::Resize)
            resize(m_editor->viewport()->size());
        if (event->type() == QEvent::ToolTip) {
            // The overlay lets the mouse through, so the viewport's tooltip event says why.
            const auto* help = static_cast<QHelpEvent*>(event);
            const int line = m_editor->cursorForPosition(help->pos()).blockNumber() + 1;
            const qsizetype at = m_lines.indexOf(line);
            if (at >= 0 && at < m_reasons.size()) {
                // The reasons quote the code under review: literal text, never markup.
                QToolTip::showText(help->globalPos(),
                                   QStringLiteral("<p style='white-space:pre'>") +
                                       m_reasons.at(at).toHtmlEscaped() + QStringLiteral("</p>"),
                                   m_editor->viewport());
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ReachLineMarker::paintEvent(QPaintEvent*)
{
    if (!m_editor || m_lines.isEmpty())
        return;
    // Only the lines in view: the editor places a line by walking from the first line in view to
    // it and laying out every line on the way, so a marked line far below cost a walk through
    // thousands of lines on every paint (5,000 lines with a marked line every 90 took 13 ms per
    // paint, bench/README.md, bench_large_requests).
    const int first = m_editor->cursorForPosition(QPoint(0, 0)).blockNumber() + 1;
    const int last = m_editor->cursorForPosition(QPoint(0, qMax(0, height() - 1))).blockNumber() + 1;
    QPainter painter(this);
    QColor band = style::errorColor();
    band.setAlpha(28);
    for (int line : m_lines) {
        if (line < first || line > last)
            continue;
        const QTextBlock block = m_editor->document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextCursor cursor(block);
        const QRect start = m_editor->cursorRect(cursor);
        cursor.movePosition(QTextCursor::EndOfBlock);
        const QRect end = m_editor->cursorRect(cursor);
        const QRect row(0, start.top(), width(), end.bottom() - start.top() + 1);
        if (row.bottom() < 0 || row.top() > height())
            continue;
        painter.fillRect(row, band);
        painter.fillRect(QRect(0, row.top(), 3, row.height()), style::errorColor());
    }
}

} // namespace k8::app
