// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStyledItemDelegate>

namespace k8::app {

// Agent text in a tooltip. Qt shows a tooltip as rich text when it merely looks like markup, so an
// agent's title "<b>safe</b><img src=…>" would be drawn, not shown. This returns rich text that
// displays `text` exactly as written (escaped, whitespace kept), whatever it holds.
QString plainToolTip(const QString& text);

// An item delegate whose tooltips show the model's Qt::ToolTipRole as plain text (see above).
// Every list and table that shows agent or kosa8 text uses it, or a delegate derived from it
// (the inbox, History, the command log, the sandboxes, the review's reach panel);
// tst_appcomposition checks every item view in the window.
class PlainToolTipDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    bool helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
                   const QModelIndex& index) override;
};

} // namespace k8::app
