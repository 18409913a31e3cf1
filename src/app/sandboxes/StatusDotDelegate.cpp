// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/StatusDotDelegate.h"

#include "kosa8/SandboxListModel.h"
#include "kosa8/SandboxState.h"
#include "style/Style.h"

namespace k8::app {

void StatusDotDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    QString status = index.data(kosa8::SandboxListModel::StatusRole).toString();
    if (status.isEmpty())
        status = index.data(Qt::DisplayRole).toString();
    // kosa8's status word, read once here (kosa8/SandboxState.h).
    option->icon = style::dotIcon(style::statusColor(kosa8::sandboxStateFrom(status)), 12);
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->decorationSize = QSize(12, 12);
}

} // namespace k8::app
