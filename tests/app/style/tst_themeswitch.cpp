// SPDX-License-Identifier: Apache-2.0
// A light/dark switch repaints: after QApplication::setPalette() with the dark palette, the colours
// read back from real widgets (the editor's theme and background, a message card's style sheet, a
// status line, a status dot) are the dark theme's, and after the light palette the light ones.
#include "editor/CodeEditor.h"
#include "editor/CodeHighlighter.h"
#include "editor/RevealBar.h"
#include "plumbing/UserMessage.h"
#include "style/StateColours.h"
#include "style/Style.h"
#include "style/ThemePalettes.h"
#include "widgets/MessageArea.h"

#include <QApplication>
#include <QLabel>
#include <QVBoxLayout>
#include <QtTest>

using namespace k8;
using Role = app::StateColours::Role;

namespace {

// Whether an opaque pixel near the middle of the label's pixmap has exactly that colour.
bool dotIsIn(const QLabel* label, const QColor& colour)
{
    const QImage image = label->pixmap().toImage().convertToFormat(QImage::Format_ARGB32);
    const QColor centre = image.pixelColor(image.width() / 2, image.height() / 2);
    return centre.alpha() == 255 && centre.rgb() == colour.rgb();
}

} // namespace

class TestThemeSwitch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QApplication::setPalette(app::style::lightPalette()); }
    void cleanupTestCase() { QApplication::setPalette(m_original); }

    void editorSwitchesItsSyntaxTheme()
    {
        app::CodeEditor editor;
        editor.setLanguage(QStringLiteral("python"));
        editor.setCode(QStringLiteral("import os\nprint(os.getcwd())\n"));
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QVERIFY(!editor.isDarkTheme());
        QSignalSpy themeChanged(&editor, &app::CodeEditor::themeChanged);

        QApplication::setPalette(app::style::darkPalette());
        QTRY_VERIFY(editor.isDarkTheme());
        QVERIFY(editor.highlighter()->isDarkTheme());
        QCOMPARE(editor.palette().color(QPalette::Base), app::style::darkPalette().color(QPalette::Base));
        QCOMPARE(themeChanged.count(), 1);
        QCOMPARE(themeChanged.constLast().constFirst().toBool(), true);

        QApplication::setPalette(app::style::lightPalette());
        QTRY_VERIFY(!editor.isDarkTheme());
        QVERIFY(!editor.highlighter()->isDarkTheme());
        QCOMPARE(editor.palette().color(QPalette::Base), app::style::lightPalette().color(QPalette::Base));
    }

    // A banner inside a window (which never gets ApplicationPaletteChange itself).
    void revealBannerFollows()
    {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* bar = new app::RevealBar(&window);
        layout->addWidget(bar);
        window.show();
        const QString lightBorder =
            app::StateColours(app::style::lightPalette()).colour(Role::HiddenMarkerBorder).name();
        const QString darkBorder =
            app::StateColours(app::style::darkPalette()).colour(Role::HiddenMarkerBorder).name();
        QVERIFY(lightBorder != darkBorder);
        QVERIFY2(bar->styleSheet().contains(lightBorder), qPrintable(bar->styleSheet()));
        QApplication::setPalette(app::style::darkPalette());
        QTRY_VERIFY2(bar->styleSheet().contains(darkBorder), qPrintable(bar->styleSheet()));
        QApplication::setPalette(app::style::lightPalette());
        QTRY_VERIFY(bar->styleSheet().contains(lightBorder));
    }

    void messageCardAndItsDotFollow()
    {
        app::MessageArea area;
        app::UserMessage message;
        message.severity = app::UserMessage::Severity::Warning;
        message.title = QStringLiteral("kosa8 is slow");
        message.text = QStringLiteral("The list took a while.");
        area.post(message);
        area.show();
        QCOMPARE(area.cards().size(), 1);
        app::MessageCard* card = area.cards().constFirst();
        const app::StateColours light(app::style::lightPalette());
        const app::StateColours dark(app::style::darkPalette());
        QVERIFY2(card->styleSheet().contains(light.warning().name()), qPrintable(card->styleSheet()));
        // The dot: the card's one label that shows a pixmap.
        QLabel* dot = nullptr;
        for (QLabel* label : card->findChildren<QLabel*>())
            if (!label->pixmap().isNull())
                dot = label;
        QVERIFY(dot);
        QVERIFY(dotIsIn(dot, light.warning()));

        QApplication::setPalette(app::style::darkPalette());
        QTRY_VERIFY2(card->styleSheet().contains(dark.warning().name()), qPrintable(card->styleSheet()));
        QVERIFY(!card->styleSheet().contains(light.warning().name()));
        QTRY_VERIFY(dotIsIn(dot, dark.warning()));

        QApplication::setPalette(app::style::lightPalette());
        QTRY_VERIFY(card->styleSheet().contains(light.warning().name()));
        QTRY_VERIFY(dotIsIn(dot, light.warning()));
    }

    void statusLinesFollowInStyleSheetAndPalette()
    {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* styled = new QLabel(QStringLiteral("Name taken"), &window);
        auto* paletted = new QLabel(QStringLiteral("0:05 left"), &window);
        auto* dot = new QLabel(&window);
        layout->addWidget(styled);
        layout->addWidget(paletted);
        layout->addWidget(dot);
        app::style::setTextTone(styled, app::style::Tone::Error);
        app::style::setForegroundTone(paletted, app::style::Tone::Warning);
        app::style::showIcon(dot, app::style::toneDot(app::style::Tone::Success, 12), 12);
        window.show();
        const app::StateColours light(app::style::lightPalette());
        const app::StateColours dark(app::style::darkPalette());
        QVERIFY(styled->styleSheet().contains(light.error().name()));
        QCOMPARE(paletted->palette().color(QPalette::WindowText), light.warning());
        QVERIFY(dotIsIn(dot, light.success()));

        QApplication::setPalette(app::style::darkPalette());
        QTRY_VERIFY2(styled->styleSheet().contains(dark.error().name()), qPrintable(styled->styleSheet()));
        QTRY_COMPARE(paletted->palette().color(QPalette::WindowText), dark.warning());
        // Everything else of the label's palette is the new theme's (no light island).
        QCOMPARE(paletted->palette().color(QPalette::Window),
                 app::style::darkPalette().color(QPalette::Window));
        QTRY_VERIFY(dotIsIn(dot, dark.success()));

        // A tone cleared gives the theme's own text colour back.
        app::style::setTextTone(styled, app::style::Tone::None);
        app::style::setForegroundTone(paletted, app::style::Tone::None);
        QVERIFY(styled->styleSheet().isEmpty());
        QCOMPARE(paletted->palette().color(QPalette::WindowText),
                 app::style::darkPalette().color(QPalette::WindowText));
    }

    // One call of `apply` per switch, however many palette events the switch (and the style sheet
    // `apply` sets) cause.
    void followPaletteRunsOncePerSwitch()
    {
        QWidget window;
        auto* label = new QLabel(QStringLiteral("x"), &window);
        int calls = 0;
        app::style::followPalette(label, [label, &calls] {
            ++calls;
            label->setStyleSheet(QStringLiteral("color: %1;").arg(app::style::errorColor().name()));
        });
        window.show();
        QCOMPARE(calls, 1);
        QApplication::setPalette(app::style::darkPalette());
        QTRY_COMPARE(calls, 2);
        QCoreApplication::processEvents();
        QCOMPARE(calls, 2);
        QVERIFY(label->styleSheet().contains(app::StateColours(app::style::darkPalette()).error().name()));
    }

    void palettesAreLightAndDarkThroughout()
    {
        QVERIFY(!app::StateColours::isDark(app::style::lightPalette()));
        QVERIFY(app::StateColours::isDark(app::style::darkPalette()));
        const QPalette dark = app::style::darkPalette();
        // Text reads on every surface it is drawn on.
        QVERIFY(app::StateColours::contrastRatio(dark.color(QPalette::Text), dark.color(QPalette::Base)) >=
                7.0);
        QVERIFY(app::StateColours::contrastRatio(dark.color(QPalette::WindowText),
                                                 dark.color(QPalette::Window)) >= 7.0);
        QVERIFY(app::StateColours::contrastRatio(dark.color(QPalette::ButtonText),
                                                 dark.color(QPalette::Button)) >= 7.0);
        for (Role role : {Role::Success, Role::Warning, Role::Error, Role::Accent})
            QVERIFY(app::StateColours::contrastRatio(app::StateColours(dark).colour(role),
                                                     dark.color(QPalette::Base)) >= 4.5);
    }

private:
    QPalette m_original = QApplication::palette();
};

QTEST_MAIN(TestThemeSwitch)
#include "tst_themeswitch.moc"
