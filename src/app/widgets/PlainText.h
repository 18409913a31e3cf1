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
// Views of agent text (the inbox list, the history) use it.
class PlainToolTipDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    bool helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
                   const QModelIndex& index) override;
};

} // namespace k8::app
