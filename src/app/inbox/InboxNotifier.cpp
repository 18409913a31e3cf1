// SPDX-License-Identifier: Apache-2.0
#include "inbox/InboxNotifier.h"

#include "inbox/InboxPage.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QWidget>

namespace k8::app {

QString InboxNotifier::notificationText(const QString& agentText)
{
    // Notification servers and the tray's own balloon differ in whether they draw markup, and
    // escaping shows "&lt;" where they do not. Text without markup characters shows the same
    // everywhere, so they are swapped for look-alikes; a line break cannot start a fake second
    // line either. Long text is cut: the inbox shows it whole.
    constexpr qsizetype MaxChars = 200;
    QString text;
    text.reserve(qMin(agentText.size(), MaxChars + 1));
    for (const QChar c : agentText) {
        if (text.size() >= MaxChars) {
            text.append(QChar(0x2026)); // …
            break;
        }
        if (c == u'<')
            text.append(QChar(0x2039)); // ‹
        else if (c == u'>')
            text.append(QChar(0x203A)); // ›
        else if (c == u'&')
            text.append(QChar(0xFF06)); // ＆
        else if (c == u'\n' || c == u'\r' || c == QChar(0x2028) || c == QChar(0x2029))
            text.append(u' ');
        else
            text.append(c);
    }
    return text;
}

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
    const QString heading = tr("%1 asks for a decision").arg(notificationText(agent));
    const QString message =
        title.isEmpty() ? tr("A new request is waiting in the inbox.") : notificationText(title);
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
