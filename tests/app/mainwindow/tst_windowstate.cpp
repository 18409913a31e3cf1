// SPDX-License-Identifier: Apache-2.0
// The window comes back as it was left: a second MainWindow on the same settings file has the
// first one's size and place, page and splitter positions before it is shown (so it never flashes
// at the default size), also for splitters of pages built later; a place on no screen is ignored;
// and the sidebar and navigation follow a light/dark switch.
#include "commandlog/CommandLogPage.h"
#include "mainwindow/MainWindow.h"
#include "mainwindow/WindowState.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "sandboxes/SandboxesPage.h"
#include "style/StateColours.h"
#include "style/ThemePalettes.h"
#include "support/AppTestSupport.h"

#include <QApplication>
#include <QGuiApplication>
#include <QLabel>
#include <QListWidget>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>
#include <QtTest>

using namespace k8;

namespace {

QVariant savedValue(const test::StandinEnvironment& env, const QString& key)
{
    QSettings settings(QDir(env.dataPath()).filePath(QStringLiteral("kosa8-desk.ini")), QSettings::IniFormat);
    return settings.value(QStringLiteral("window/") + key);
}

// A page like the inbox: built after the window, with a named splitter.
QWidget* pageWithSplitter()
{
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    auto* splitter = new QSplitter(Qt::Horizontal, page);
    splitter->setObjectName(QStringLiteral("inboxSplitter"));
    splitter->addWidget(new QWidget(splitter));
    splitter->addWidget(new QWidget(splitter));
    layout->addWidget(splitter);
    return page;
}

} // namespace

class TestWindowState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void geometryPageAndSplittersComeBack()
    {
        test::StandinEnvironment env;
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        QRect place(screen.left() + 30, screen.top() + 40, screen.width() / 2 + 100,
                    screen.height() / 2 + 60);
        QList<int> commandLogSizes;
        QList<int> inboxSizes;
        {
            app::AppContext context(env.options());
            app::MainWindow window(&context);
            QCOMPARE(window.currentPage(), app::MainWindow::Page::Sandboxes); // the first time
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.showPage(app::MainWindow::Page::CommandLog);
            auto* logSplitter =
                window.commandLogPage()->findChild<QSplitter*>(QStringLiteral("commandLogSplitter"));
            QVERIFY(logSplitter);
            const int total = logSplitter->sizes().value(0) + logSplitter->sizes().value(1);
            logSplitter->setSizes({total / 5, total - total / 5});
            commandLogSizes = logSplitter->sizes();
            window.setInboxPage(pageWithSplitter());
            auto* inboxSplitter = window.inboxPage()->findChild<QSplitter*>(QStringLiteral("inboxSplitter"));
            const int width = inboxSplitter->sizes().value(0) + inboxSplitter->sizes().value(1);
            inboxSplitter->setSizes({width / 3, width - width / 3});
            inboxSizes = inboxSplitter->sizes();
            // A change of size is saved by itself, a moment later (throttled).
            window.setGeometry(place);
            place = window.geometry(); // as far as the window's minimum size allows
            QTRY_COMPARE_WITH_TIMEOUT(savedValue(env, QStringLiteral("geometry")).toRect(), window.geometry(),
                                      10000);
            QCOMPARE(savedValue(env, QStringLiteral("page")).toInt(), int(app::MainWindow::Page::CommandLog));
            commandLogSizes = logSplitter->sizes();
            inboxSizes = inboxSplitter->sizes();
            window.savedWindowState()->save(); // what closing the window does (MainWindow::closeEvent)
        }

        app::AppContext context(env.options());
        app::MainWindow again(&context);
        // Before show: no flash of the default size.
        QCOMPARE(again.geometry(), place);
        QCOMPARE(again.currentPage(), app::MainWindow::Page::CommandLog);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        auto* logSplitter =
            again.commandLogPage()->findChild<QSplitter*>(QStringLiteral("commandLogSplitter"));
        QTRY_COMPARE(logSplitter->sizes(), commandLogSizes);
        // The inbox, built after the first paint, gets its splitter back when it is built.
        again.setInboxPage(pageWithSplitter());
        auto* inboxSplitter = again.inboxPage()->findChild<QSplitter*>(QStringLiteral("inboxSplitter"));
        QTRY_COMPARE(inboxSplitter->sizes(), inboxSizes);
    }

    void maximisedComesBackMaximised()
    {
        test::StandinEnvironment env;
        {
            app::AppContext context(env.options());
            context.settings()->setWindowValue(QStringLiteral("geometry"), QRect(20, 20, 500, 400));
            context.settings()->setWindowValue(QStringLiteral("maximized"), true);
            context.settings()->sync();
        }
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        QVERIFY(window.savedWindowState() != nullptr);
        QVERIFY(window.isMaximized() || (window.windowState() & Qt::WindowMaximized));
    }

    void aPlaceOnNoScreenIsIgnored()
    {
        test::StandinEnvironment env;
        QRect defaultGeometry;
        {
            app::AppContext context(env.options());
            app::MainWindow window(&context);
            defaultGeometry = window.geometry();
            context.settings()->setWindowValue(QStringLiteral("geometry"), QRect(40000, 30000, 640, 480));
            context.settings()->sync();
        }
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        QCOMPARE(window.geometry(), defaultGeometry);
        QVERIFY(window.geometry().size() != QSize(640, 480));
        QVERIFY(!app::WindowState::isOnSomeScreen(QRect(40000, 30000, 640, 480)));
        QVERIFY(!app::WindowState::isOnSomeScreen(QRect(-700, -470, 640, 480))); // only a corner shows
        QVERIFY(app::WindowState::isOnSomeScreen(QRect(10, 10, 640, 480)));
    }

    void sidebarAndNavigationFollowTheTheme()
    {
        const QPalette original = QApplication::palette();
        QApplication::setPalette(app::style::lightPalette());
        test::StandinEnvironment env;
        app::AppContext context(env.options());
        app::MainWindow window(&context);
        window.show();
        QWidget* sidebar = window.findChild<QWidget*>(QStringLiteral("sidebar"));
        QVERIFY(sidebar);
        QVERIFY(!app::StateColours::isDark(sidebar->palette()));
        const app::StateColours light(app::style::lightPalette());
        QVERIFY(window.navigation()->styleSheet().contains(light.accent().name()));

        QApplication::setPalette(app::style::darkPalette());
        const app::StateColours dark(app::style::darkPalette());
        QTRY_VERIFY(sidebar->palette().color(QPalette::Window).lightness() < 128);
        QVERIFY(sidebar->palette().color(QPalette::Window) !=
                app::style::lightPalette().color(QPalette::Window).darker(106));
        QTRY_VERIFY(window.navigation()->styleSheet().contains(dark.accent().name()));
        // The page's muted subtitle is the dark theme's placeholder colour, not the light one's.
        auto* subtitle = window.sandboxesPage()->findChild<QLabel*>(QStringLiteral("pageSubtitle"));
        QVERIFY(subtitle);
        QTRY_COMPARE(subtitle->palette().color(QPalette::WindowText),
                     app::style::darkPalette().color(QPalette::PlaceholderText));
        // A navigation icon draws in the dark theme's text colour now.
        const QImage icon = window.navigation()->item(0)->icon().pixmap(32, 32).toImage().convertToFormat(
            QImage::Format_ARGB32);
        bool lightPixel = false;
        for (int y = 0; y < icon.height() && !lightPixel; ++y)
            for (int x = 0; x < icon.width() && !lightPixel; ++x)
                lightPixel = icon.pixelColor(x, y).alpha() == 255 &&
                             icon.pixelColor(x, y).rgb() ==
                                 app::style::darkPalette().color(QPalette::WindowText).rgb();
        QVERIFY(lightPixel);
        QApplication::setPalette(original);
    }
};

QTEST_MAIN(TestWindowState)
#include "tst_windowstate.moc"
