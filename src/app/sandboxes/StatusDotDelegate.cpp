// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/StatusDotDelegate.h"

#include "kosa8/SandboxListModel.h"
#include "style/Style.h"

namespace k8::app {

void StatusDotDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    QString status = index.data(kosa8::SandboxListModel::StatusRole).toString();
    if (status.isEmpty())
        status = index.data(Qt::DisplayRole).toString();
    option->icon = style::dotIcon(style::statusColor(status), 12);
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->decorationSize = QSize(12, 12);
}

} // namespace k8::app
