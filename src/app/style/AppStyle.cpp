// SPDX-License-Identifier: Apache-2.0
#include "style/AppStyle.h"

#include "style/Style.h"

namespace k8::app::style {

AppStyle::AppStyle()
    : QProxyStyle() // the style the platform picks, as without this class
{}

QIcon AppStyle::standardIcon(StandardPixmap icon, const QStyleOption* option, const QWidget* widget) const
{
    switch (icon) {
    case SP_ToolBarHorizontalExtensionButton:
    case SP_ToolBarVerticalExtensionButton:
        return style::icon(QStringLiteral("more"));
    case SP_LineEditClearButton:
        return style::icon(QStringLiteral("clear"));
    default:
        break;
    }
    return QProxyStyle::standardIcon(icon, option, widget);
}

} // namespace k8::app::style
