// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "widgets/PlainText.h"

namespace k8::app {

// The sandbox list's egress cell at a glance: a small drawn symbol (red bar: no network, amber
// list: allow-list, green ring: any, grey dashed ring: fakenet) and short text ("no network",
// "3 hosts", "any"). Reads kosa8's column text from SandboxListModel::EgressRawRole; its tooltip,
// kosa8's text, is plain text.
class EgressGlanceDelegate : public PlainToolTipDelegate
{
    Q_OBJECT
public:
    using PlainToolTipDelegate::PlainToolTipDelegate;
    // The text the cell shows for kosa8's EGRESS column text (for tests and accessibility).
    static QString glanceText(const QString& egressColumn);
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace k8::app
