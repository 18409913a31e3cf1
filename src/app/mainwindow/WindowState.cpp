// SPDX-License-Identifier: Apache-2.0
#include "mainwindow/WindowState.h"

#include "plumbing/AppSettings.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QSplitter>

#include <algorithm>

namespace k8::app {

namespace {
const QString KeyGeometry = QStringLiteral("geometry");
const QString KeyMaximized = QStringLiteral("maximized");
const QString KeyPage = QStringLiteral("page");
const QString KeySplitterPrefix = QStringLiteral("splitters/");
// The part of a window that must be on a screen to count as "there": enough of its top to grab
// the title bar and move it.
constexpr int MinimumVisibleWidth = 100;
constexpr int MinimumVisibleHeight = 40;
} // namespace

WindowState::WindowState(AppSettings* settings, QMainWindow* window)
    : QObject(window)
    , m_settings(settings)
    , m_window(window)
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(1000);
    connect(&m_saveTimer, &QTimer::timeout, this, &WindowState::save);
    const QVariant page = m_settings->windowValue(KeyPage);
    bool ok = false;
    const int number = page.toInt(&ok);
    m_lastPage = ok ? number : -1;
    window->installEventFilter(this);
    // Quit from the menu and SIGTERM end the app without a close event.
    connect(qApp, &QCoreApplication::aboutToQuit, this, &WindowState::save);
}

bool WindowState::isOnSomeScreen(const QRect& geometry)
{
    if (!geometry.isValid())
        return false;
    const QRect top(geometry.topLeft(),
                    QSize(geometry.width(), std::min(geometry.height(), MinimumVisibleHeight)));
    const auto screens = QGuiApplication::screens();
    for (const QScreen* screen : screens) {
        const QRect visible = screen->availableGeometry().intersected(top);
        if (visible.width() >= std::min(MinimumVisibleWidth, geometry.width()) &&
            visible.height() >= std::min(MinimumVisibleHeight, geometry.height()))
            return true;
    }
    return false;
}

bool WindowState::restoreGeometry()
{
    const QRect geometry = m_settings->windowValue(KeyGeometry).toRect();
    if (!isOnSomeScreen(geometry))
        return false;
    m_window->setGeometry(geometry);
    if (m_settings->windowValue(KeyMaximized).toBool())
        m_window->setWindowState(m_window->windowState() | Qt::WindowMaximized);
    return true;
}

int WindowState::lastPage() const
{
    return m_lastPage;
}

void WindowState::setLastPage(int page)
{
    if (page == m_lastPage)
        return;
    m_lastPage = page;
    scheduleSave();
}

void WindowState::trackSplitters(QWidget* root)
{
    const auto splitters = root->findChildren<QSplitter*>();
    for (QSplitter* splitter : splitters) {
        const bool tracked =
            std::any_of(m_splitters.cbegin(), m_splitters.cend(),
                        [splitter](const TrackedSplitter& entry) { return entry.splitter == splitter; });
        if (splitter->objectName().isEmpty() || tracked)
            continue;
        restoreSplitter(splitter);
        m_splitters.append({splitter, splitter->saveState()});
        connect(splitter, &QSplitter::splitterMoved, this, &WindowState::scheduleSave);
    }
}

void WindowState::restoreSplitter(QSplitter* splitter)
{
    const QByteArray state =
        m_settings->windowValue(KeySplitterPrefix + splitter->objectName()).toByteArray();
    if (state.isEmpty() || !splitter->restoreState(state))
        return;
    // Whatever follows the handle (the inbox's "request list" toggle follows a list dragged shut)
    // learns of the restored position as it would of a drag.
    const QList<int> sizes = splitter->sizes();
    if (!sizes.isEmpty())
        Q_EMIT splitter->splitterMoved(sizes.constFirst(), 1);
}

void WindowState::scheduleSave()
{
    // Throttled: the first change starts the timer and later ones ride along.
    if (!m_saveTimer.isActive())
        m_saveTimer.start();
}

void WindowState::save()
{
    m_saveTimer.stop();
    const bool maximized = m_window->isMaximized();
    // The size to go back to from maximised, so that un-maximising after a restart works too.
    const QRect geometry =
        maximized || m_window->isMinimized() ? m_window->normalGeometry() : m_window->geometry();
    if (geometry.isValid())
        m_settings->setWindowValue(KeyGeometry, geometry);
    m_settings->setWindowValue(KeyMaximized, maximized);
    if (m_lastPage >= 0)
        m_settings->setWindowValue(KeyPage, m_lastPage);
    for (TrackedSplitter& tracked : m_splitters) {
        if (!tracked.splitter)
            continue;
        const QByteArray state = tracked.splitter->saveState();
        if (state == tracked.agreedState)
            continue;
        m_settings->setWindowValue(KeySplitterPrefix + tracked.splitter->objectName(), state);
        tracked.agreedState = state;
    }
    m_settings->sync();
}

bool WindowState::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window) {
        switch (event->type()) {
        case QEvent::Resize:
        case QEvent::Move:
        case QEvent::WindowStateChange:
            if (m_window->isVisible())
                scheduleSave();
            break;
        default:
            break;
        }
    }
    return false;
}

} // namespace k8::app
