// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelineAccessible.h"

#include "timeline/TimelineModel.h"
#include "timeline/TimelineView.h"

#include <QCoreApplication>
#include <QScrollBar>
#include <QWindow>

namespace k8::app {

namespace {
QAccessibleInterface* timelineFactory(const QString& className, QObject* object)
{
    if (className == QLatin1String("k8::app::TimelineView") && object && object->isWidgetType())
        return new TimelineViewAccessible(static_cast<TimelineView*>(object));
    return nullptr;
}
} // namespace

// Before any TimelineView exists: a factory installed while the first view is being constructed
// comes after Qt has already answered for that view with its generic scroll-area interface.
void installTimelineAccessibleFactory()
{
    TimelineViewAccessible::installFactory();
}
Q_COREAPP_STARTUP_FUNCTION(installTimelineAccessibleFactory)

void TimelineViewAccessible::installFactory()
{
    static bool installed = false;
    if (!installed) {
        QAccessible::installFactory(timelineFactory);
        installed = true;
    }
}

TimelineViewAccessible::TimelineViewAccessible(TimelineView* view)
    : QAccessibleWidget(view, QAccessible::List)
{}

TimelineView* TimelineViewAccessible::view() const
{
    return static_cast<TimelineView*>(widget());
}

int TimelineViewAccessible::childCount() const
{
    return view()->model() ? view()->model()->rowCount() : 0;
}

QAccessibleInterface* TimelineViewAccessible::child(int index) const
{
    return view()->accessibleItem(index);
}

int TimelineViewAccessible::indexOfChild(const QAccessibleInterface* child) const
{
    const auto* item = dynamic_cast<const TimelineItemAccessible*>(child);
    return item && item->isValid() ? item->row() : -1;
}

QAccessibleInterface* TimelineViewAccessible::focusChild() const
{
    return view()->hasFocus() ? child(view()->currentRow()) : nullptr;
}

QAccessibleInterface* TimelineViewAccessible::childAt(int x, int y) const
{
    const QPoint local = view()->viewport()->mapFromGlobal(QPoint(x, y));
    return child(view()->rowAt(local));
}

TimelineItemAccessible::TimelineItemAccessible(TimelineView* view, int row)
    : m_view(view)
    , m_row(row)
{}

bool TimelineItemAccessible::isValid() const
{
    return m_view && m_view->model() && m_row >= 0 && m_row < m_view->model()->rowCount();
}

QWindow* TimelineItemAccessible::window() const
{
    return m_view ? m_view->window()->windowHandle() : nullptr;
}

QList<std::pair<QAccessibleInterface*, QAccessible::Relation>>
TimelineItemAccessible::relations(QAccessible::Relation) const
{
    return {};
}

QAccessibleInterface* TimelineItemAccessible::parent() const
{
    return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
}

QString TimelineItemAccessible::text(QAccessible::Text t) const
{
    if (!isValid())
        return {};
    const QModelIndex index = m_view->model()->index(m_row);
    switch (t) {
    case QAccessible::Name:
        return index.data(Qt::AccessibleTextRole).toString();
    case QAccessible::Description:
        return index.data(timeline::TimelineModel::DetailsRole).toString();
    default:
        return {};
    }
}

QRect TimelineItemAccessible::rect() const
{
    if (!isValid())
        return {};
    const int x = m_view->contentX(m_row) - m_view->horizontalScrollBar()->value();
    const QRect local(x - 13, 0, 26, m_view->viewport()->height());
    return QRect(m_view->viewport()->mapToGlobal(local.topLeft()), local.size());
}

QAccessible::State TimelineItemAccessible::state() const
{
    QAccessible::State s;
    s.focusable = true;
    s.selectable = true;
    if (!isValid()) {
        s.invalid = true;
        return s;
    }
    const int x = m_view->contentX(m_row) - m_view->horizontalScrollBar()->value();
    s.offscreen = x < 0 || x > m_view->viewport()->width();
    const bool current = m_row == m_view->currentRow();
    s.selected = current;
    s.focused = current && m_view->hasFocus();
    return s;
}

} // namespace k8::app
