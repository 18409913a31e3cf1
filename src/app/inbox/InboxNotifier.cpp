#include "inbox/InboxNotifier.h"

#include "inbox/InboxPage.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QWidget>

namespace k8::app {

InboxNotifier::InboxNotifier(QWidget* window, InboxPage* page, Features features, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_page(page)
    , m_features(features)
{
    m_baseTitle = window ? window->windowTitle() : QString();
    if (m_baseTitle.isEmpty())
        m_baseTitle = QApplication::applicationDisplayName();
    if (features.testFlag(TrayIcon) && QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(window ? window->windowIcon() : QApplication::windowIcon(), this);
        connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
            if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
                raiseWindow();
        });
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, &InboxNotifier::raiseWindow);
        m_tray->show();
    }
    if (page) {
        connect(page, &InboxPage::pendingCountChanged, this, &InboxNotifier::setCount);
        connect(page, &InboxPage::requestArrived, this, &InboxNotifier::onRequestArrived);
        setCount(page->pendingCount());
    } else {
        setCount(0);
    }
}

QString InboxNotifier::titleFor(const QString& baseTitle, int count)
{
    //: Window title with the number of pending requests, e.g. "(3) kosa8 Desk"
    return count > 0 ? tr("(%1) %2").arg(count).arg(baseTitle) : baseTitle;
}

void InboxNotifier::setCount(int count)
{
    m_count = count;
    if (m_window && m_features.testFlag(WindowTitle))
        m_window->setWindowTitle(titleFor(m_baseTitle, count));
    if (m_tray) {
        m_tray->setToolTip(count > 0
                               ? tr("%1: %n request(s) waiting for you", nullptr, count).arg(m_baseTitle)
                               : tr("%1: no requests waiting").arg(m_baseTitle));
    }
}

void InboxNotifier::onRequestArrived(const QString& title, const QString& agent)
{
    if (!m_features.testFlag(Notifications) || (m_window && m_window->isActiveWindow()))
        return;
    const QString heading = tr("%1 asks for a decision").arg(agent);
    const QString message = title.isEmpty() ? tr("A new request is waiting in the inbox.") : title;
    if (m_tray)
        m_tray->showMessage(heading, message, QSystemTrayIcon::Information, 10000);
    if (m_window)
        QApplication::alert(m_window);
    Q_EMIT notified(heading, message);
}

void InboxNotifier::raiseWindow()
{
    if (!m_window)
        return;
    m_window->showNormal();
    m_window->raise();
    m_window->activateWindow();
}

} // namespace k8::app
