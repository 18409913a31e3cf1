// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QProxyStyle>

namespace k8::app::style {

// The platform's style with the app's own icon for a tool bar's extension button (the » that
// shows the actions that do not fit). Qt's common style loads that icon from a PNG through
// QImageReader, which asks every image-format plugin whether it reads it (svg, gif, ico and jpeg
// loaded while the window is built, before its first paint); the app's icons are SVG documents
// it renders itself.
class AppStyle : public QProxyStyle
{
public:
    AppStyle();
    QIcon standardIcon(StandardPixmap icon, const QStyleOption* option = nullptr,
                       const QWidget* widget = nullptr) const override;
};

} // namespace k8::app::style
