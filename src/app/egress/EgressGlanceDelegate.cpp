// SPDX-License-Identifier: Apache-2.0
#include "egress/EgressGlanceDelegate.h"

#include "kosa8/EgressPolicy.h"
#include "kosa8/SandboxListModel.h"
#include "policy/EgressRules.h"
#include "style/Style.h"

#include <QApplication>
#include <QPainter>

namespace k8::app {

using Mode = kosa8::EgressPolicy::Mode;

QString EgressGlanceDelegate::glanceText(const QString& egressColumn)
{
    return policy::EgressRules::glance(kosa8::EgressPolicy::parse(egressColumn));
}

void EgressGlanceDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->text = glanceText(index.data(kosa8::SandboxListModel::EgressRawRole).toString());
}

void EgressGlanceDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const
{
    const int symbol = option.rect.height() - 10;
    // Drawn with the style directly: QStyledItemDelegate::paint() would run initStyleOption()
    // again and bring back the text that the background pass leaves out (it then showed twice,
    // once under the symbol).
    QStyle* style = option.widget ? option.widget->style() : QApplication::style();
    // Background and selection over the whole cell, then the text beside the symbol.
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &background, painter, option.widget);
    QStyleOptionViewItem text = option;
    initStyleOption(&text, index);
    text.rect.adjust(symbol + 10, 0, 0, 0);
    text.backgroundBrush = Qt::NoBrush;
    // The background pass already shows the selection and the focus.
    text.state &= ~(QStyle::State_Selected | QStyle::State_HasFocus);
    text.palette.setColor(QPalette::Text, option.state & QStyle::State_Selected
                                              ? option.palette.color(QPalette::HighlightedText)
                                              : option.palette.color(QPalette::Text));
    style->drawControl(QStyle::CE_ItemViewItem, &text, painter, option.widget);

    const Mode mode =
        kosa8::EgressPolicy::parse(index.data(kosa8::SandboxListModel::EgressRawRole).toString()).mode;
    const QRectF box(option.rect.left() + 6, option.rect.center().y() - symbol / 2.0, symbol, symbol);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    switch (mode) {
    case Mode::Deny:
        painter->setPen(QPen(style::errorColor(), 2));
        painter->drawEllipse(box.adjusted(1, 1, -1, -1));
        painter->drawLine(QPointF(box.left() + 3, box.bottom() - 3), QPointF(box.right() - 3, box.top() + 3));
        break;
    case Mode::Allow:
        painter->setPen(QPen(style::warningColor(), 2));
        for (int i = 0; i < 3; ++i) {
            const qreal y = box.top() + box.height() * (i + 1) / 4.0;
            painter->drawLine(QPointF(box.left() + 2, y), QPointF(box.right() - 2, y));
        }
        break;
    case Mode::Any:
        painter->setPen(QPen(style::successColor(), 2));
        painter->drawEllipse(box.adjusted(1, 1, -1, -1));
        painter->drawLine(QPointF(box.left() + 1, box.center().y()),
                          QPointF(box.right() - 1, box.center().y()));
        break;
    case Mode::Fakenet:
    case Mode::Unknown: {
        QPen pen(option.palette.color(QPalette::PlaceholderText), 2, Qt::DotLine);
        painter->setPen(pen);
        painter->drawEllipse(box.adjusted(1, 1, -1, -1));
        break;
    }
    }
    painter->restore();
}

} // namespace k8::app
