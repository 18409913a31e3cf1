// SPDX-License-Identifier: Apache-2.0
#include "widgets/ReadingOrder.h"

#include <QApplication>
#include <QLayout>
#include <QScrollArea>
#include <QSet>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QWidget>

namespace k8::app::readingOrder {

namespace {

// The widget that takes the keyboard for `widget` (a combo box hands it to its line edit).
QWidget* focusTarget(QWidget* widget)
{
    while (widget->focusProxy())
        widget = widget->focusProxy();
    return widget;
}

bool takesTabNow(QWidget* control)
{
    QWidget* target = focusTarget(control);
    return (target->focusPolicy() & Qt::TabFocus) && target->isEnabled() &&
           target->isVisibleTo(target->window());
}

class Walk
{
public:
    QList<QWidget*> found;

    void widget(QWidget* widget)
    {
        if (!widget || (widget->isWindow() && !m_seen.isEmpty()))
            return; // a dialog or menu has a chain of its own
        QWidget* target = focusTarget(widget);
        if (!m_seen.contains(target)) {
            m_seen.insert(target);
            if (target->focusPolicy() & Qt::TabFocus)
                found.append(widget);
        }
        if (auto* scroll = qobject_cast<QScrollArea*>(widget)) {
            this->widget(scroll->widget());
        } else if (auto* splitter = qobject_cast<QSplitter*>(widget)) {
            for (int i = 0; i < splitter->count(); ++i)
                this->widget(splitter->widget(i));
        } else if (auto* tabs = qobject_cast<QTabWidget*>(widget)) {
            this->widget(tabs->tabBar());
            for (int i = 0; i < tabs->count(); ++i)
                this->widget(tabs->widget(i));
        } else if (widget->layout()) {
            layout(widget->layout());
        }
    }

private:
    QSet<QWidget*> m_seen;

    void layout(QLayout* layout)
    {
        for (int i = 0; i < layout->count(); ++i) {
            QLayoutItem* item = layout->itemAt(i);
            if (item->widget())
                widget(item->widget());
            else if (item->layout())
                this->layout(item->layout());
        }
    }
};

// Where `focus` is among `chain`: the control it is, or whose keyboard it takes, or else the
// innermost control holding it (a list's editor, a scroll area's page); -1 if none.
qsizetype indexOfFocus(const QList<QWidget*>& chain, QWidget* focus)
{
    qsizetype holder = -1;
    for (qsizetype i = 0; i < chain.size(); ++i) {
        QWidget* control = chain.at(i);
        if (control == focus || focusTarget(control) == focus)
            return i;
        if (control->isAncestorOf(focus))
            holder = i; // later ones lie inside earlier ones
    }
    return holder;
}

} // namespace

QList<QWidget*> controls(const QList<QWidget*>& roots)
{
    Walk walk;
    for (QWidget* root : roots)
        walk.widget(root);
    return walk.found;
}

bool moveFocus(const QList<QWidget*>& roots, bool next)
{
    const QList<QWidget*> chain = controls(roots);
    const qsizetype at = indexOfFocus(chain, QApplication::focusWidget());
    if (at < 0)
        return false;
    const qsizetype count = chain.size();
    for (qsizetype step = 1; step < count; ++step) {
        QWidget* control = chain.at(((next ? at + step : at - step) % count + count) % count);
        if (!takesTabNow(control))
            continue;
        control->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
        for (QWidget* outer = control->parentWidget(); outer; outer = outer->parentWidget()) {
            if (auto* scroll = qobject_cast<QScrollArea*>(outer))
                scroll->ensureWidgetVisible(control);
        }
        return true;
    }
    return false;
}

} // namespace k8::app::readingOrder
