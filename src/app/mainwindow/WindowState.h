// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QRect>
#include <QTimer>

class QMainWindow;
class QSplitter;

namespace k8::app {

class AppSettings;

// The main window as the person left it: size and position, maximised or not, where each
// splitter's handle was, and the page shown. Saved in the settings file's "window/" group
// (AppSettings::windowValue) a second after a change (so a drag writes once, not per pixel),
// on close and when the app quits; restored before the window is first shown, so it never
// appears at the default size first. Pages built later (MainWindow::ensurePage, the inbox built
// after the first paint) hand their splitters over when they are built.
class WindowState : public QObject
{
    Q_OBJECT
public:
    WindowState(AppSettings* settings, QMainWindow* window);

    // Size, position and maximised state from the settings. False (and the window untouched)
    // when none were saved or the saved place is on no screen now (a monitor unplugged).
    bool restoreGeometry();
    // The page that was shown, or -1.
    int lastPage() const;
    void setLastPage(int page);
    // Restores every named QSplitter under `root` and saves it when its handle moves. A
    // splitter's key is its objectName; unnamed ones are left alone.
    void trackSplitters(QWidget* root);

    // Writes what changed now; the settings file is rewritten only when something did.
    void save();

    // Whether enough of `geometry` is on one of the screens to grab the window and move it.
    static bool isOnSomeScreen(const QRect& geometry);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleSave();
    void restoreSplitter(QSplitter* splitter);

    // A tracked splitter and its state when it last agreed with the file: right after it was
    // restored, or when it was last saved. Only a state that moved on from there is saved:
    // restoring a state saved before the splitter was ever laid out gives it sizes of its own,
    // which would otherwise be written at the quit of a run that never even showed it.
    struct TrackedSplitter
    {
        QPointer<QSplitter> splitter;
        QByteArray agreedState;
    };

    AppSettings* m_settings;
    QMainWindow* m_window;
    QList<TrackedSplitter> m_splitters;
    QTimer m_saveTimer;
    int m_lastPage = -1;
};

} // namespace k8::app
