// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace k8::app {

// Draws a coloured dot before the text of a status cell (running green, stopped grey, ...).
// The colour comes from the model's StatusRole, so it works behind sort/filter proxies.
class StatusDotDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace k8::app
