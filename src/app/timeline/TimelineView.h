// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractScrollArea>
#include <QAccessible>
#include <QDateTime>
#include <QHash>
#include <QList>

namespace k8::timeline {
class TimelineModel;
struct TimelineItem;
} // namespace k8::timeline

namespace k8::app {

// The painted timeline of one sandbox. Items sit on a time axis from left to right: snapshots on
// the upper lane, checkpoints and runs on the sandbox's own lane (a run right after the
// checkpoint taken for it), forks as branches leading down to the forked sandboxes. The
// checkpoint the sandbox runs from carries a "You are here" flag.
//
// The axis is time, compressed: the gap between two neighbours is proportional to the time
// between them (zoom sets the scale) but never less than a readable minimum and never more than
// a few hundred pixels, so a week-long pause does not push the next item off screen and a burst
// of runs in one second stays clickable. Only the visible items are painted (binary search over
// the positions), so thousands of items scroll and zoom within a frame.
//
// Keyboard: Left/Right move between items, Home/End, Enter opens details, +/- zoom, Ctrl+0
// resets it, F fits the whole timeline to the width. The widget's accessible description is the focused
// item's full text.
class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    ~TimelineView() override;

    void setModel(timeline::TimelineModel* model);
    timeline::TimelineModel* model() const { return m_model; }

    int currentRow() const { return m_currentRow; }
    void setCurrentRow(int row);
    // Text of the focused item (what a screen reader hears).
    QString focusedItemText() const;

    double zoom() const { return m_zoom; }
    void setZoom(double zoom);
    void zoomBy(double factor);
    // The largest zoom (up to 1) at which the whole timeline fits the width, if one down to 0.3
    // does; else zoom 1. Done when another sandbox is shown; F does it on demand.
    void fitToWidth();
    // x of a row's centre in content coordinates (for tests and the benchmark).
    int contentX(int row) const;
    int contentWidth() const { return m_contentWidth; }
    // Row at a viewport position, -1: none.
    int rowAt(const QPoint& viewportPos) const;
    // "Now", for ages; tests and the benchmark fix it.
    void setNow(const QDateTime& now) { m_now = now; }

    // The accessible interface of a row's item, made on first use and kept while the view lives
    // (an item interface describes whatever the row holds when asked). Null for a bad row.
    QAccessibleInterface* accessibleItem(int row) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void currentRowChanged(int row);
    void detailsRequested(int row);
    void contextMenuRequested(int row, const QPoint& globalPos);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;

private:
    // A checkpoint's name on the line ("clean (base)") and the line under it ("3 min ago · 120MB").
    QString checkpointLabelText(const timeline::TimelineItem& item) const;
    QString checkpointMetaText(const timeline::TimelineItem& item) const;
    void readTimes();
    void relayout();
    void updateScrollRange();
    void ensureVisible(int row);
    void announce();
    // First row whose x is at least `x` (content coordinates).
    int firstRowAtOrAfter(int x) const;

    timeline::TimelineModel* m_model = nullptr;
    QList<qint64> m_ms; // sort time of each row in ms since the epoch (min(): unknown)
    QList<int> m_x;     // content x of each row, increasing
    int m_contentWidth = 0;
    int m_currentRow = -1;
    double m_zoom = 1.0;
    QDateTime m_now;
    QString m_shownSandbox;
    mutable QHash<int, QAccessible::Id> m_accessibleItems;
};

} // namespace k8::app
