// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "widgets/PlainText.h"

namespace k8::app {

// Draws a coloured dot before the text of a status cell (running green, stopped grey, ...).
// The colour comes from the model's StatusRole, so it works behind sort/filter proxies. Its
// tooltips are plain text (kosa8's status text).
class StatusDotDelegate : public PlainToolTipDelegate
{
    Q_OBJECT
public:
    using PlainToolTipDelegate::PlainToolTipDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

} // namespace k8::app
