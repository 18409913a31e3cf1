// SPDX-License-Identifier: Apache-2.0
#include "style/PaletteNotifier.h"

#include <QApplication>
#include <QCoreApplication>
#include <QEvent>
#include <QPointer>
#include <QWidget>

namespace k8::app::style {

PaletteNotifier* PaletteNotifier::instance()
{
    static QPointer<PaletteNotifier> notifier;
    if (!notifier && qApp) {
        notifier = new PaletteNotifier(qApp);
        // An application-wide filter: the event goes to the application object only. The check
        // below is all it costs per event.
        qApp->installEventFilter(notifier);
    }
    return notifier;
}

bool PaletteNotifier::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ApplicationPaletteChange && watched == qApp && !m_notifying) {
        m_notifying = true;
        settleWidgets();
        m_notifying = false;
    }
    return false;
}

void PaletteNotifier::settleWidgets()
{
    // The windows hear of the change from the window system a moment later, and only then hand
    // the new palette down to their widgets. Told now, they do it now, so whatever re-styles
    // itself below starts from the new palette (the later event then finds nothing to change).
    const QWidgetList windows = QApplication::topLevelWidgets();
    for (QWidget* window : windows) {
        QEvent windowEvent(QEvent::ApplicationPaletteChange);
        QCoreApplication::sendEvent(window, &windowEvent);
    }
    Q_EMIT applicationPaletteChanged();
    // A widget with a style sheet keeps the palette the sheet was applied on and never takes the
    // new one from its parent: the text of a list styled only for its background stayed dark on
    // the dark theme. Applying the same sheet again computes it over the new palette. (Widgets
    // that follow the palette have just set theirs.)
    const QWidgetList widgets = QApplication::allWidgets();
    for (QWidget* widget : widgets) {
        if (!widget->styleSheet().isEmpty() && !widget->property(FollowedProperty).toBool())
            widget->setStyleSheet(widget->styleSheet());
    }
}

} // namespace k8::app::style
