// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

class QSystemTrayIcon;
class QWidget;

namespace k8::app {

class InboxPage;

// Keeps the main window's title count ("(2) kosa8 Desk"), a tray icon with the pending count, and
// sends a desktop notification when a request arrives while the window is not active. One line in
// the main window: `new InboxNotifier(this, inboxPage, InboxNotifier::All, this);` (leave out
// WindowTitle where the window keeps its own count in the title).
class InboxNotifier : public QObject
{
    Q_OBJECT
public:
    enum Feature
    {
        WindowTitle = 0x1,
        TrayIcon = 0x2,
        Notifications = 0x4,
        All = 0x7
    };
    Q_DECLARE_FLAGS(Features, Feature)

    InboxNotifier(QWidget* window, InboxPage* page, Features features = All, QObject* parent = nullptr);

    QString baseTitle() const { return m_baseTitle; }
    // Null where the desktop has no system tray.
    QSystemTrayIcon* trayIcon() const { return m_tray; }
    int pendingCount() const { return m_count; }
    // The title for a count: "kosa8 Desk" or "(3) kosa8 Desk".
    static QString titleFor(const QString& baseTitle, int count);
    // Agent text made safe for a desktop notification or tray balloon: no markup characters
    // (swapped for look-alikes), one line, at most about 200 characters.
    static QString notificationText(const QString& agentText);

Q_SIGNALS:
    // A notification was shown (or would have been, without a tray): for tests and logs.
    void notified(const QString& title, const QString& message);

private:
    void setCount(int count);
    void onRequestArrived(const QString& title, const QString& agent);
    void raiseWindow();

    QPointer<QWidget> m_window;
    QPointer<InboxPage> m_page;
    QSystemTrayIcon* m_tray = nullptr;
    Features m_features;
    QString m_baseTitle;
    int m_count = 0;
};

} // namespace k8::app

Q_DECLARE_OPERATORS_FOR_FLAGS(k8::app::InboxNotifier::Features)
