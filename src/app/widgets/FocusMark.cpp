// SPDX-License-Identifier: Apache-2.0
#include "widgets/FocusMark.h"

#include "style/StateColours.h"
#include "style/Style.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QPointer>
#include <QRegion>
#include <QSplitter>

namespace k8::app {

namespace {

QPointer<FocusMark> g_instance;

// The ring itself: paints its whole (masked) area in the highlight colour.
class Ring : public QWidget
{
public:
    explicit Ring(QWidget* parent)
        : QWidget(parent)
    {
        setObjectName(QStringLiteral("focusMark"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter painter(this);
        painter.fillRect(rect(), ringColour(palette()));
    }

private:
    // The highlight colour, darkened on a light look and lightened on a dark one until it stands
    // out 4.5:1 from both the window and the fields it lies on (the light palette's highlight
    // reaches only about 3:1 on the window, less on a table's header).
    static QColor ringColour(const QPalette& palette)
    {
        const QColor window = palette.color(QPalette::Active, QPalette::Window);
        const QColor base = palette.color(QPalette::Active, QPalette::Base);
        const bool dark = style::isDark(palette);
        QColor colour = palette.color(QPalette::Active, QPalette::Highlight);
        for (int step = 0; step < 12 && (StateColours::contrastRatio(colour, window) < MinContrast ||
                                         StateColours::contrastRatio(colour, base) < MinContrast);
             ++step)
            colour = dark ? colour.lighter(112) : colour.darker(112);
        return colour;
    }

    static constexpr double MinContrast = 4.5;
};

// The widget a person sees as the one with the keyboard: a combo box rather than its line edit.
QWidget* shownFor(QWidget* focused)
{
    while (focused->parentWidget() && focused->parentWidget()->focusProxy() == focused &&
           !focused->parentWidget()->isWindow())
        focused = focused->parentWidget();
    return focused;
}

// Where the ring lives: the target's parent, or above it where the parent is a splitter (a
// splitter makes every child widget one of its panes).
QWidget* hostFor(QWidget* target)
{
    QWidget* host = target->parentWidget();
    while (host && qobject_cast<QSplitter*>(host) && host->parentWidget())
        host = host->parentWidget();
    return host;
}

} // namespace

FocusMark::FocusMark(QObject* parent)
    : QObject(parent)
{
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { follow(now); });
}

void FocusMark::followApplicationFocus()
{
    if (!g_instance)
        g_instance = new FocusMark(qApp);
}

QWidget* FocusMark::shownRing()
{
    return g_instance && g_instance->m_ring && g_instance->m_ring->isVisible() ? g_instance->m_ring.data()
                                                                               : nullptr;
}

void FocusMark::follow(QWidget* focused)
{
    if (m_target)
        m_target->removeEventFilter(this);
    m_target = focused && !focused->isWindow() ? shownFor(focused) : nullptr;
    if (!m_target || !m_target->parentWidget() || m_target->isWindow()) {
        m_target = nullptr;
        if (m_ring)
            m_ring->hide();
        return;
    }
    m_target->installEventFilter(this);
    QWidget* host = hostFor(m_target);
    if (!m_ring || m_ring->parentWidget() != host) {
        delete m_ring; // a ring under the last widget's parent, or null if that parent went
        m_ring = new Ring(host);
    }
    place();
}

void FocusMark::place()
{
    if (!m_target || !m_ring)
        return;
    if (!m_target->isVisible()) {
        m_ring->hide();
        return;
    }
    const QRect inner = QRect(m_target->mapTo(m_ring->parentWidget(), QPoint(0, 0)), m_target->size())
                            .adjusted(-Gap, -Gap, Gap, Gap);
    // Where the host would cut the ring off (a list flush with its page's edge), it is drawn
    // inside the widget's edge instead: always whole.
    const QRect outer =
        inner.adjusted(-Width, -Width, Width, Width).intersected(m_ring->parentWidget()->rect());
    m_ring->setGeometry(outer);
    const QRect local(QPoint(0, 0), outer.size());
    m_ring->setMask(QRegion(local).subtracted(QRegion(local.adjusted(Width, Width, -Width, -Width))));
    m_ring->raise();
    m_ring->show();
}

bool FocusMark::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_target) {
        switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
            place();
            break;
        case QEvent::ParentChange:
            follow(m_target);
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace k8::app
