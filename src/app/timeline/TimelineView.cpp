// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelineView.h"

#include "style/StateColours.h"

#include "timeline/TimelineAccessible.h"
#include "timeline/TimelineModel.h"

#include <QAccessible>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>

#include <algorithm>
#include <cmath>
#include <limits>

namespace k8::app {

using timeline::TimelineBuilder;
using timeline::TimelineItem;
using Kind = TimelineItem::Kind;

namespace {

constexpr int LeftMargin = 48;
constexpr int RightMargin = 220; // room for the last item's label and a fork's branch
constexpr int SnapshotLaneY = 40;
constexpr int MainLaneY = 124;
constexpr int ForkLaneY = 196;
constexpr int AxisHeight = 24;
constexpr int HitRadius = 9;
constexpr double MinZoom = 0.05;
constexpr double MaxZoom = 20.0;
constexpr qint64 NoTime = std::numeric_limits<qint64>::min();

int laneY(Kind kind)
{
    switch (kind) {
    case Kind::Snapshot:
        return SnapshotLaneY;
    default:
        return MainLaneY;
    }
}

// Not known yet neutral, did not run warning, exit 0 success, anything else error.
QColor runColour(const TimelineItem& item, const StateColours& colours)
{
    if (!item.run.hasResult)
        return colours.neutral();
    if (!item.run.ran)
        return colours.warning();
    return item.run.exitCode == 0 ? colours.success() : colours.error();
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_now(QDateTime::currentDateTimeUtc())
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    horizontalScrollBar()->setSingleStep(40);
    setAccessibleName(tr("Checkpoint timeline"));
    horizontalScrollBar()->setAccessibleName(tr("Scroll the timeline"));
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
    TimelineViewAccessible::installFactory();
}

TimelineView::~TimelineView()
{
    for (const QAccessible::Id id : std::as_const(m_accessibleItems))
        QAccessible::deleteAccessibleInterface(id);
}

QAccessibleInterface* TimelineView::accessibleItem(int row) const
{
    if (!m_model || row < 0 || row >= m_model->rowCount())
        return nullptr;
    auto it = m_accessibleItems.constFind(row);
    if (it == m_accessibleItems.constEnd()) {
        auto* item = new TimelineItemAccessible(const_cast<TimelineView*>(this), row);
        it = m_accessibleItems.insert(row, QAccessible::registerAccessibleInterface(item));
    }
    return QAccessible::accessibleInterface(it.value());
}

void TimelineView::setModel(timeline::TimelineModel* model)
{
    if (m_model)
        m_model->disconnect(this);
    m_model = model;
    m_currentRow = -1;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            m_now = QDateTime::currentDateTimeUtc();
            int previous = m_currentRow;
            readTimes();
            relayout();
            if (m_model->sandbox() != m_shownSandbox) {
                // Another sandbox: start with all of it in view when it fits at a readable scale.
                m_shownSandbox = m_model->sandbox();
                previous = -1;
                fitToWidth();
            }
            // Keep the selection on a row that still exists; else the current checkpoint.
            m_currentRow = -1;
            const int rows = m_model->rowCount();
            setCurrentRow(previous >= 0 && previous < rows ? previous : m_model->currentRow());
        });
        connect(m_model, &timeline::TimelineModel::staleChanged, viewport(), qOverload<>(&QWidget::update));
    }
    readTimes();
    relayout();
}

void TimelineView::readTimes()
{
    // Once per model reset, so that a zoom step is arithmetic only.
    m_ms.clear();
    const int rows = m_model ? m_model->rowCount() : 0;
    m_ms.reserve(rows);
    for (int row = 0; row < rows; ++row) {
        const QDateTime& time = m_model->items()[row].sortTime;
        m_ms.append(time.isValid() ? time.toMSecsSinceEpoch() : NoTime);
    }
}

void TimelineView::relayout()
{
    m_x.clear();
    const int rows = int(m_ms.size());
    m_x.reserve(rows);
    const double pxPerMs = 0.05 * m_zoom / 1000.0;
    const double minGap = std::max(3.0, 22.0 * m_zoom);
    const double maxGap = std::max(minGap, 260.0 * m_zoom);
    double x = LeftMargin;
    for (int row = 0; row < rows; ++row) {
        if (row > 0) {
            const qint64 a = m_ms[row - 1];
            const qint64 b = m_ms[row];
            const double ms = a != NoTime && b != NoTime ? double(b - a) : 0.0;
            x += std::clamp(ms * pxPerMs, minGap, maxGap);
        }
        m_x.append(int(std::lround(x)));
    }
    m_contentWidth = (m_x.isEmpty() ? LeftMargin : m_x.last()) + RightMargin;
    updateScrollRange();
    viewport()->update();
}

void TimelineView::updateScrollRange()
{
    QScrollBar* bar = horizontalScrollBar();
    bar->setPageStep(viewport()->width());
    bar->setRange(0, std::max(0, m_contentWidth - viewport()->width()));
}

int TimelineView::contentX(int row) const
{
    return row >= 0 && row < m_x.size() ? m_x[row] : -1;
}

int TimelineView::firstRowAtOrAfter(int x) const
{
    return int(std::lower_bound(m_x.cbegin(), m_x.cend(), x) - m_x.cbegin());
}

int TimelineView::rowAt(const QPoint& pos) const
{
    if (!m_model)
        return -1;
    const int x = pos.x() + horizontalScrollBar()->value();
    int best = -1;
    int bestDistance = 1 << 30;
    for (int row = firstRowAtOrAfter(x - HitRadius); row < m_x.size() && m_x[row] <= x + HitRadius; ++row) {
        const TimelineItem* item = m_model->item(row);
        const int y = item->kind == Kind::Fork || item->kind == Kind::ForkedFrom ? (MainLaneY + ForkLaneY) / 2
                                                                                 : laneY(item->kind);
        const int distance = std::abs(m_x[row] - x) + std::abs(y - pos.y()) / 4;
        if (std::abs(y - pos.y()) <= 40 && distance < bestDistance) {
            best = row;
            bestDistance = distance;
        }
    }
    return best;
}

void TimelineView::setCurrentRow(int row)
{
    const int rows = m_model ? m_model->rowCount() : 0;
    if (row < -1 || row >= rows)
        row = rows > 0 ? std::clamp(row, 0, rows - 1) : -1;
    if (row == m_currentRow)
        return;
    m_currentRow = row;
    ensureVisible(row);
    viewport()->update();
    announce();
    Q_EMIT currentRowChanged(row);
}

QString TimelineView::focusedItemText() const
{
    const TimelineItem* item = m_model ? m_model->item(m_currentRow) : nullptr;
    return item ? TimelineBuilder::describe(*item) : QString();
}

void TimelineView::announce()
{
    const QString text = focusedItemText();
    setAccessibleDescription(text.isEmpty() ? tr("No item selected") : text);
    if (hasFocus() && m_currentRow >= 0) {
        // The item itself takes the focus, so a screen reader reads its name.
        QAccessibleEvent focus(this, QAccessible::Focus);
        focus.setChild(m_currentRow);
        QAccessible::updateAccessibility(&focus);
    }
    QAccessibleEvent changed(this, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&changed);
}

void TimelineView::ensureVisible(int row)
{
    if (row < 0 || row >= m_x.size())
        return;
    QScrollBar* bar = horizontalScrollBar();
    const int margin = 80;
    const int x = m_x[row];
    if (x - margin < bar->value())
        bar->setValue(x - margin);
    else if (x + margin > bar->value() + viewport()->width())
        bar->setValue(x + margin - viewport()->width());
}

void TimelineView::setZoom(double zoom)
{
    zoom = std::clamp(zoom, MinZoom, MaxZoom);
    if (qFuzzyCompare(zoom, m_zoom))
        return;
    // Keep the selected item (or the one in the middle) where it is on screen.
    QScrollBar* bar = horizontalScrollBar();
    int anchor = m_currentRow;
    if (anchor < 0 || m_x.isEmpty() || m_x[anchor] < bar->value() ||
        m_x[anchor] > bar->value() + viewport()->width())
        anchor = m_x.isEmpty() ? -1
                               : std::min<int>(firstRowAtOrAfter(bar->value() + viewport()->width() / 2),
                                               int(m_x.size()) - 1);
    const int offset = anchor >= 0 ? m_x[anchor] - bar->value() : 0;
    m_zoom = zoom;
    relayout();
    if (anchor >= 0)
        bar->setValue(m_x[anchor] - offset);
}

void TimelineView::fitToWidth()
{
    const int available = viewport()->width();
    double zoom = 1.0;
    m_zoom = zoom;
    relayout();
    while (m_contentWidth > available && zoom > 0.3) {
        zoom *= 0.85;
        m_zoom = zoom;
        relayout();
    }
    if (m_contentWidth > available) {
        // Too long to fit readably: the normal scale, scrolled to the selection.
        m_zoom = 1.0;
        relayout();
    }
}

void TimelineView::zoomBy(double factor)
{
    setZoom(m_zoom * factor);
}

QSize TimelineView::sizeHint() const
{
    return {720, ForkLaneY + AxisHeight + 90};
}

QSize TimelineView::minimumSizeHint() const
{
    return {240, ForkLaneY + AxisHeight + 60};
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollRange();
}

void TimelineView::focusInEvent(QFocusEvent* event)
{
    QAbstractScrollArea::focusInEvent(event);
    if (m_currentRow < 0 && m_model && m_model->rowCount() > 0)
        setCurrentRow(m_model->currentRow() >= 0 ? m_model->currentRow() : m_model->rowCount() - 1);
    else
        announce();
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const int rows = m_model ? m_model->rowCount() : 0;
    switch (event->key()) {
    case Qt::Key_Left:
        if (rows > 0)
            setCurrentRow(m_currentRow < 0 ? rows - 1 : std::max(0, m_currentRow - 1));
        return;
    case Qt::Key_Right:
        if (rows > 0)
            setCurrentRow(m_currentRow < 0 ? 0 : std::min(rows - 1, m_currentRow + 1));
        return;
    case Qt::Key_Home:
        if (rows > 0)
            setCurrentRow(0);
        return;
    case Qt::Key_End:
        if (rows > 0)
            setCurrentRow(rows - 1);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_currentRow >= 0)
            Q_EMIT detailsRequested(m_currentRow);
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(0.8);
        return;
    case Qt::Key_0:
        if (event->modifiers() & Qt::ControlModifier) {
            setZoom(1.0);
            return;
        }
        break;
    case Qt::Key_F:
        if (event->modifiers() == Qt::NoModifier) {
            fitToWidth();
            ensureVisible(m_currentRow);
            return;
        }
        break;
    case Qt::Key_Menu:
        if (m_currentRow >= 0)
            Q_EMIT contextMenuRequested(
                m_currentRow, viewport()->mapToGlobal(
                                  QPoint(m_x[m_currentRow] - horizontalScrollBar()->value(), MainLaneY)));
        return;
    default:
        break;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    setFocus(Qt::MouseFocusReason);
    const int row = rowAt(event->position().toPoint());
    if (row >= 0)
        setCurrentRow(row);
    QAbstractScrollArea::mousePressEvent(event);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    const int row = rowAt(event->position().toPoint());
    if (row >= 0) {
        setCurrentRow(row);
        Q_EMIT detailsRequested(row);
    }
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        zoomBy(event->angleDelta().y() > 0 ? 1.25 : 0.8);
        event->accept();
        return;
    }
    // A vertical wheel scrolls the horizontal axis: there is nothing to scroll vertically.
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta);
    event->accept();
}

void TimelineView::contextMenuEvent(QContextMenuEvent* event)
{
    const int row = event->reason() == QContextMenuEvent::Mouse ? rowAt(event->pos()) : m_currentRow;
    if (row >= 0)
        setCurrentRow(row);
    Q_EMIT contextMenuRequested(row, event->globalPos());
}

QString TimelineView::checkpointLabelText(const TimelineItem& item) const
{
    return item.label + (item.base ? tr(" (base)") : QString());
}

QString TimelineView::checkpointMetaText(const TimelineItem& item) const
{
    const QString age = TimelineBuilder::age(item.time, m_now);
    return age.isEmpty() ? item.size : tr("%1 ago · %2").arg(age, item.size);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette& pal = palette();
    const QRect area = viewport()->rect();
    p.fillRect(area, pal.base());
    const int scroll = horizontalScrollBar()->value();
    const int axisY = area.height() - AxisHeight;
    const StateColours colours(pal);
    const QColor text = pal.color(QPalette::Text);
    QColor faint = text;
    faint.setAlpha(110);
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
    const QFontMetrics fm(font());
    const QFontMetrics sfm(small);

    // Lanes.
    p.setPen(QPen(faint, 1, Qt::DashLine));
    p.drawLine(0, SnapshotLaneY, area.width(), SnapshotLaneY);
    p.setPen(QPen(pal.color(QPalette::Mid), 3));
    p.drawLine(0, MainLaneY, area.width(), MainLaneY);
    p.setPen(faint);
    p.setFont(small);
    p.drawText(4, SnapshotLaneY - 6, tr("snapshots"));
    if (m_model)
        p.drawText(4, MainLaneY + 62, m_model->sandbox());

    if (!m_model || m_model->rowCount() == 0) {
        p.setFont(font());
        p.setPen(text);
        p.drawText(area.adjusted(0, 0, 0, -AxisHeight), Qt::AlignCenter,
                   m_model && !m_model->sandbox().isEmpty() ? tr("No checkpoints, snapshots or runs yet.")
                                                            : tr("Choose a sandbox to see its timeline."));
    }

    const QList<TimelineItem> noItems;
    const QList<TimelineItem>& items = m_model ? m_model->items() : noItems;
    // One item's width of slack on each side so that labels entering the view are drawn.
    const int first = std::max(0, firstRowAtOrAfter(scroll - RightMargin) - 1);
    const int end = firstRowAtOrAfter(scroll + area.width() + 40);

    // Axis with a time label every ~120 px.
    p.setPen(faint);
    p.drawLine(0, axisY, area.width(), axisY);
    int lastTickX = -1000;
    for (int row = first; row < end; ++row) {
        const int x = m_x[row] - scroll;
        if (x - lastTickX < 120 || !items[row].sortTime.isValid())
            continue;
        lastTickX = x;
        p.drawLine(x, axisY, x, axisY + 4);
        p.drawText(x + 2, axisY + 4 + sfm.ascent(),
                   items[row].sortTime.toLocalTime().toString(QStringLiteral("MM-dd HH:mm")));
    }

    // Labels get the room up to the next item of their lane.
    auto nextOnLane = [&](int row, bool snapshots) {
        for (int next = row + 1; next < items.size() && next < end + 200; ++next) {
            const Kind kind = items[next].kind;
            // Runs and forks draw no label on this line, so a label may run over them.
            if ((kind == Kind::Snapshot) == snapshots && kind != Kind::Run && kind != Kind::Fork &&
                kind != Kind::ForkedFrom)
                return m_x[next];
        }
        return m_x[row] + 200;
    };

    // The checkpoints' labels on their line, each in its own stretch, never over another: the
    // current one and the selected one take the room they need first (so their names show even
    // where items crowd, as after a quick run or a rewind), the others fill what is left up to the
    // next label, and one with too little room is not drawn (the strip below names the selection).
    QHash<int, QPair<int, int>> checkpointLabels; // row -> left edge and width, in content x
    {
        QList<QPair<int, int>> taken;
        const auto overlaps = [&taken](int left, int width) {
            for (const auto& [takenLeft, takenWidth] : std::as_const(taken)) {
                if (left < takenLeft + takenWidth + 6 && takenLeft < left + width + 6)
                    return true;
            }
            return false;
        };
        const auto labelLeft = [&](int row) { return items[row].current ? m_x[row] + 6 : m_x[row] - 4; };
        for (int pass = 0; pass < 2; ++pass) {
            for (int row = first; row < end; ++row) {
                const TimelineItem& item = items[row];
                if (item.kind != Kind::Checkpoint)
                    continue;
                const bool forced = item.current || row == m_currentRow;
                if (forced != (pass == 0))
                    continue;
                const int left = labelLeft(row);
                // As wide as its name and the line under it need, no wider: the rest is for others.
                const int needed = std::max(fm.horizontalAdvance(checkpointLabelText(item)),
                                            sfm.horizontalAdvance(checkpointMetaText(item))) +
                                   2;
                int width = std::min(needed, forced ? 160 : nextOnLane(row, false) - m_x[row] - 6);
                if (!forced) {
                    // Up to the next label already placed on the right.
                    for (const auto& [takenLeft, takenWidth] : std::as_const(taken)) {
                        if (takenLeft > left)
                            width = std::min(width, takenLeft - left - 6);
                    }
                }
                if (width < 28 || overlaps(left, width))
                    continue;
                taken.append({left, width});
                checkpointLabels.insert(row, {left, width});
            }
        }
    }

    for (int row = first; row < end; ++row) {
        const TimelineItem& item = items[row];
        const int x = m_x[row] - scroll;
        const bool selected = row == m_currentRow;
        switch (item.kind) {
        case Kind::Checkpoint: {
            const int r = item.current ? 9 : 7;
            p.setPen(QPen(text, item.base ? 3 : 1.5));
            p.setBrush(item.current ? pal.color(QPalette::Highlight) : pal.color(QPalette::Base));
            p.drawEllipse(QPoint(x, MainLaneY), r, r);
            if (const auto label = checkpointLabels.constFind(row); label != checkpointLabels.constEnd()) {
                const auto [left, width] = label.value();
                p.setFont(font());
                p.setPen(text);
                // The current one's label starts right of the flag's pole.
                p.drawText(left - scroll, MainLaneY - 16,
                           fm.elidedText(checkpointLabelText(item), Qt::ElideRight, width));
                p.setFont(small);
                p.setPen(faint);
                p.drawText(left - scroll, MainLaneY + 14 + sfm.ascent(),
                           sfm.elidedText(checkpointMetaText(item), Qt::ElideRight, width));
            }
            if (item.current) {
                // The flag: plainly "you are here".
                const QString flag = tr("You are here");
                const QRect box(x - 2, MainLaneY - 70, sfm.horizontalAdvance(flag) + 12, sfm.height() + 6);
                p.setPen(QPen(pal.color(QPalette::Highlight), 2));
                p.drawLine(x, MainLaneY - r, x, box.top());
                p.setBrush(pal.color(QPalette::Highlight));
                p.drawRoundedRect(box, 3, 3);
                p.setFont(small);
                p.setPen(pal.color(QPalette::HighlightedText));
                p.drawText(box, Qt::AlignCenter, flag);
            }
            break;
        }
        case Kind::Snapshot: {
            p.setPen(QPen(faint, 1, Qt::DotLine));
            p.drawLine(x, SnapshotLaneY, x, MainLaneY);
            p.setPen(QPen(text, 1.5));
            p.setBrush(colours.colour(StateColours::Role::SnapshotMark));
            p.drawRect(x - 6, SnapshotLaneY - 6, 12, 12);
            const int room = nextOnLane(row, true) - m_x[row] - 6;
            if (room >= 28 || selected) {
                p.setFont(small);
                p.setPen(text);
                p.drawText(x + 10, SnapshotLaneY - 2,
                           sfm.elidedText(item.label + QStringLiteral(" · ") + item.size, Qt::ElideRight,
                                          std::max(room - 10, selected ? 160 : 0)));
            }
            break;
        }
        case Kind::Run: {
            const QColor colour = runColour(item, colours);
            p.setPen(item.checkpointMissing ? QPen(text, 1.5, Qt::DashLine) : QPen(colour.darker(130), 1));
            p.setBrush(colour);
            QPainterPath marker;
            marker.moveTo(x, MainLaneY - 6);
            marker.lineTo(x + 6, MainLaneY);
            marker.lineTo(x, MainLaneY + 6);
            marker.lineTo(x - 6, MainLaneY);
            marker.closeSubpath();
            p.drawPath(marker);
            const int room = (row + 1 < m_x.size() ? m_x[row + 1] : m_x[row] + 60) - m_x[row];
            if (room >= 26 && item.run.hasResult) {
                p.setFont(small);
                p.setPen(colour);
                p.drawText(x - 4, MainLaneY + 40 + sfm.ascent(),
                           item.run.ran ? QString::number(item.run.exitCode) : QStringLiteral("!"));
            }
            break;
        }
        case Kind::Fork:
        case Kind::ForkedFrom: {
            const bool out = item.kind == Kind::Fork;
            QPainterPath branch;
            p.setPen(QPen(colours.colour(StateColours::Role::ForkMark), 2));
            p.setBrush(Qt::NoBrush);
            if (out) {
                branch.moveTo(x, MainLaneY);
                branch.cubicTo(x + 20, MainLaneY, x + 10, ForkLaneY, x + 40, ForkLaneY);
                branch.lineTo(x + 200, ForkLaneY);
            } else {
                branch.moveTo(x - 200, ForkLaneY);
                branch.lineTo(x - 40, ForkLaneY);
                branch.cubicTo(x - 10, ForkLaneY, x - 20, MainLaneY, x, MainLaneY);
            }
            p.drawPath(branch);
            p.setBrush(colours.colour(StateColours::Role::ForkMark));
            p.drawEllipse(QPoint(x, MainLaneY), 4, 4);
            p.setFont(small);
            p.setPen(text);
            if (out) {
                // One line per forked sandbox under the branch, so every name reads in full.
                p.drawText(x + 44, ForkLaneY - 6, tr("fork"));
                int line = 0;
                for (const QString& name : item.fork.forkedSandboxes) {
                    const int y = ForkLaneY + 4 + sfm.ascent() + line * sfm.height();
                    if (line == 3 && item.fork.forkedSandboxes.size() > 4) {
                        p.drawText(x + 44, y,
                                   tr("… %n more", "", int(item.fork.forkedSandboxes.size()) - line));
                        break;
                    }
                    p.drawText(x + 44, y,
                               sfm.elidedText(QStringLiteral("→ ") + name, Qt::ElideRight, RightMargin - 50));
                    ++line;
                }
            } else {
                p.drawText(x - 196, ForkLaneY - 6,
                           sfm.elidedText(tr("forked from %1").arg(item.label), Qt::ElideRight, 156));
            }
            break;
        }
        }
        if (selected) {
            const int y =
                item.kind == Kind::Fork || item.kind == Kind::ForkedFrom ? MainLaneY : laneY(item.kind);
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(pal.color(QPalette::Highlight), 2, hasFocus() ? Qt::SolidLine : Qt::DashLine));
            p.drawRoundedRect(QRect(x - 13, y - 13, 26, 26), 5, 5);
        }
    }

    // The selected item's text along the bottom, above the axis.
    if (const TimelineItem* item = m_model ? m_model->item(m_currentRow) : nullptr) {
        p.setFont(font());
        p.setPen(text);
        const QRect strip(8, axisY - fm.height() - 6, area.width() - 16, fm.height());
        p.drawText(strip, Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(TimelineBuilder::describe(*item), Qt::ElideRight, strip.width()));
    }

    if (m_model && m_model->isStale()) {
        const QString banner =
            tr("Stale: the last refresh failed; this is the view from %1")
                .arg(m_model->loadedAt().toLocalTime().toString(QStringLiteral("HH:mm:ss")));
        p.setFont(small);
        const QRect box(area.width() - sfm.horizontalAdvance(banner) - 20, 4,
                        sfm.horizontalAdvance(banner) + 14, sfm.height() + 6);
        p.setPen(Qt::NoPen);
        p.setBrush(colours.colour(StateColours::Role::StaleFill));
        p.drawRoundedRect(box, 3, 3);
        p.setPen(colours.colour(StateColours::Role::StaleText));
        p.drawText(box, Qt::AlignCenter, banner);
    }
}

} // namespace k8::app
