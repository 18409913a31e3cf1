// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAccessibleWidget>
#include <QPointer>

namespace k8::app {

class TimelineView;

// Screen readers see the timeline as a list whose children are its items (checkpoints,
// snapshots, runs, forks), each with its full description as its name, its details as its
// description, its place on screen, and focused/selected state for the selected one.
class TimelineViewAccessible : public QAccessibleWidget
{
public:
    explicit TimelineViewAccessible(TimelineView* view);
    int childCount() const override;
    QAccessibleInterface* child(int index) const override;
    int indexOfChild(const QAccessibleInterface* child) const override;
    QAccessibleInterface* focusChild() const override;
    QAccessibleInterface* childAt(int x, int y) const override;

    // Installs the factory that gives every TimelineView this interface (once per process).
    static void installFactory();

private:
    TimelineView* view() const;
};

class TimelineItemAccessible : public QAccessibleInterface
{
public:
    TimelineItemAccessible(TimelineView* view, int row);
    bool isValid() const override;
    QObject* object() const override { return nullptr; }
    QWindow* window() const override;
    QList<std::pair<QAccessibleInterface*, QAccessible::Relation>>
    relations(QAccessible::Relation match = QAccessible::AllRelations) const override;
    QAccessibleInterface* focusChild() const override { return nullptr; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* parent() const override;
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QString text(QAccessible::Text t) const override;
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override;
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    QAccessible::State state() const override;
    int row() const { return m_row; }

private:
    QPointer<TimelineView> m_view;
    int m_row;
};

} // namespace k8::app
