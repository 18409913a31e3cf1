// SPDX-License-Identifier: Apache-2.0
// The floor for bench_startup: the least a Qt Widgets app with a main window does before its
// window is painted. The same QApplication, identity and window size as kosa8-desk
// (src/app/main.cpp, src/app/mainwindow/MainWindow.cpp), one line of text in the window so that
// a font is loaded and text is shaped as in any real window, and nothing else. It links the same
// Qt modules as kosa8-desk (Widgets, Network, Svg) so the dynamic loader does the same work for
// Qt, and it detects its first paint with the app's own probe (src/app/plumbing/StartupProbe.cpp,
// compiled in): run it with KOSA8DESK_REPORT_FIRST_PAINT=1 or =stay, as the app.
#include "plumbing/StartupProbe.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>

int main(int argc, char** argv)
{
    namespace startupprobe = k8::app::startupprobe;
    startupprobe::mark("main");
    QApplication app(argc, argv);
    startupprobe::mark("qapplication");
    startupprobe::watchFirstPaint();
    QCoreApplication::setApplicationName(QStringLiteral("kosa8-desk-bare-window"));
    QGuiApplication::setApplicationDisplayName(QStringLiteral("bare window"));

    QMainWindow window;
    window.setWindowTitle(QStringLiteral("bare window"));
    window.setCentralWidget(new QLabel(QStringLiteral("A bare QMainWindow: the start-up floor."), &window));
    window.resize(1180, 760);
    startupprobe::mark("main_window");
    window.show();
    startupprobe::mark("shown");
    return app.exec();
}
