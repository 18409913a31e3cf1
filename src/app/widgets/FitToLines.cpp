// SPDX-License-Identifier: Apache-2.0
#include "widgets/FitToLines.h"

#include "widgets/DialogHeight.h"

#include <QAbstractTextDocumentLayout>
#include <QDialog>
#include <QEvent>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>

namespace k8::app {

namespace {

// Fits its edit again after a resize, once the edit has laid its text out at the new width.
class LineFitter : public QObject
{
public:
    LineFitter(QPlainTextEdit* edit, int fewest, int most)
        : QObject(edit)
        , m_edit(edit)
        , m_fewest(fewest)
        , m_most(most)
    {
        m_again.setSingleShot(true);
        m_again.setInterval(0);
        connect(&m_again, &QTimer::timeout, this, [this] { fitHeightToLines(m_edit, m_fewest, m_most); });
        connect(edit->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
                [this] { fitHeightToLines(m_edit, m_fewest, m_most); });
        edit->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize || event->type() == QEvent::FontChange ||
            event->type() == QEvent::StyleChange)
            m_again.start();
        // The edit grows once it knows its width, after its dialog has taken the height it is
        // shown at: the dialog then grows with it, rather than squeezing its wrapped labels.
        if (event->type() == QEvent::Show && qobject_cast<QDialog*>(m_edit->window()))
            keepDialogHighEnough(m_edit->window());
        return QObject::eventFilter(watched, event);
    }

private:
    QPlainTextEdit* m_edit;
    int m_fewest;
    int m_most;
    QTimer m_again;
};

} // namespace

int linesLaidOut(const QPlainTextEdit* edit, int most)
{
    const QAbstractTextDocumentLayout* layout = edit->document()->documentLayout();
    int lines = 0;
    for (QTextBlock block = edit->document()->firstBlock(); block.isValid() && lines < most;
         block = block.next()) {
        if (!block.isVisible())
            continue;
        layout->blockBoundingRect(block); // lays the block out at the edit's width
        lines += qMax(1, block.layout()->lineCount());
    }
    return lines;
}

void fitHeightToLines(QPlainTextEdit* edit, int fewest, int most)
{
    const int lines = qBound(fewest, linesLaidOut(edit, most), most);
    // Half a line of slack: without it rounding in the layout shows a scroll bar for text that fits.
    const int margins = int(2 * edit->document()->documentMargin()) + 2 * edit->frameWidth() +
                        edit->fontMetrics().lineSpacing() / 2;
    const QScrollBar* bar = edit->horizontalScrollBar();
    const int barHeight = bar && bar->isVisible() ? bar->sizeHint().height() : 0;
    edit->setFixedHeight(lines * edit->fontMetrics().lineSpacing() + margins + barHeight);
}

void keepHeightFittedToLines(QPlainTextEdit* edit, int fewest, int most)
{
    new LineFitter(edit, fewest, most);
    fitHeightToLines(edit, fewest, most);
}

} // namespace k8::app
