// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

namespace k8::app::style {

// Says when the application palette changed (a light/dark switch by the platform or by
// ColourSchemeWatcher). Qt tells the application object (QEvent::ApplicationPaletteChange) and
// the top-level windows, but a widget inside a window only hears of it when its own resolved
// palette changes, which a widget with a style sheet or its own palette never does: so views
// that style themselves from the palette (style::followPalette) listen here instead. It also
// makes the windows hand the new palette down at once and re-applies other widgets' style
// sheets over it (PaletteNotifier.cpp says why).
class PaletteNotifier : public QObject
{
    Q_OBJECT
public:
    // Set (true) on a widget that re-styles itself on applicationPaletteChanged().
    static constexpr const char* FollowedProperty = "k8FollowsPalette";

    // The one notifier, a child of the application (made when first asked for).
    static PaletteNotifier* instance();

Q_SIGNALS:
    void applicationPaletteChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
    void settleWidgets();

    bool m_notifying = false;
};

} // namespace k8::app::style
