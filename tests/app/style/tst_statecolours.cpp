// SPDX-License-Identifier: Apache-2.0
// StateColours: every role has a light and a dark value that reads on its palette, the
// style:: shortcuts and the editor's hidden-character markers take their colours from it, and
// no view source under src/app hard-codes a colour outside src/app/style.

#include "editor/HiddenMarkers.h"
#include "style/StateColours.h"
#include "style/Style.h"

#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QPalette>
#include <QRegularExpression>
#include <QtTest>

using k8::app::StateColours;
using Role = StateColours::Role;

namespace {

QPalette lightPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    return palette;
}

// The lightest dark Base the colours are meant for (Breeze Dark's is darker still).
QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x35, 0x35, 0x35));
    palette.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    palette.setColor(QPalette::Base, QColor(0x2a, 0x2a, 0x2a));
    palette.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    return palette;
}

// What a role's colour is read against, and how much contrast that needs: text 4.5:1 (WCAG AA),
// marks and borders 3:1 (WCAG non-text), fills 4.5:1 for the text painted on them.
struct Reading
{
    QColor against;
    double minimum;
};

Reading readingOf(Role role, const QPalette& palette, const StateColours& colours)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    switch (role) {
    case Role::Success:
    case Role::Warning:
    case Role::Error:
    case Role::Accent:
    case Role::Neutral:
        return {base, 4.5};
    case Role::HiddenMarkerBorder:
    case Role::SnapshotMark:
    case Role::ForkMark:
        return {base, 3.0};
    case Role::DiffAdded:
    case Role::DiffRemoved:
    case Role::DiffFiller:
    case Role::CurrentLine:
        return {text, 4.5};
    case Role::HiddenMarkerText:
        return {colours.colour(Role::HiddenMarkerFill), 4.5};
    case Role::HiddenMarkerFill:
        return {colours.colour(Role::HiddenMarkerText), 4.5};
    case Role::StaleText:
        return {colours.colour(Role::StaleFill), 4.5};
    case Role::StaleFill:
        return {colours.colour(Role::StaleText), 4.5};
    }
    return {base, 21.0};
}

// QColor(0x..)/QColor(12, ...) and "#rrggbb" in a string literal (style sheets).
const QRegularExpression& hardCodedColour()
{
    static const QRegularExpression pattern(
        QStringLiteral("QColor\\(\\s*[0-9]|QColor::fromRgb\\w*\\(\\s*0x|\"[^\"\\n]*#[0-9a-fA-F]{3,8}\\b"));
    return pattern;
}

} // namespace

class TestStateColours : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QApplication::setPalette(m_original); }

    void contrastRatioFollowsWcag()
    {
        QCOMPARE(StateColours::contrastRatio(Qt::black, Qt::white), 21.0);
        QCOMPARE(StateColours::contrastRatio(Qt::white, Qt::white), 1.0);
        // The order does not matter.
        QCOMPARE(StateColours::contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white),
                 StateColours::contrastRatio(Qt::white, QColor(0x77, 0x77, 0x77)));
    }

    void palettesAreToldApart()
    {
        QVERIFY(!StateColours(lightPalette()).isDark());
        QVERIFY(StateColours(darkPalette()).isDark());
    }

    void everyRoleDiffersBetweenLightAndDark_data()
    {
        QTest::addColumn<int>("role");
        for (Role role : StateColours::roles())
            QTest::addRow("role %d", int(role)) << int(role);
    }
    void everyRoleDiffersBetweenLightAndDark()
    {
        QFETCH(int, role);
        const QColor light = StateColours(lightPalette()).colour(Role(role));
        const QColor dark = StateColours(darkPalette()).colour(Role(role));
        QVERIFY(light.isValid());
        QVERIFY(dark.isValid());
        QVERIFY2(light != dark, qPrintable(light.name()));
    }

    void everyRoleReadsOnItsPalette_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<int>("role");
        for (bool dark : {false, true})
            for (Role role : StateColours::roles())
                QTest::addRow("%s role %d", dark ? "dark" : "light", int(role)) << dark << int(role);
    }
    void everyRoleReadsOnItsPalette()
    {
        QFETCH(bool, dark);
        QFETCH(int, role);
        const QPalette palette = dark ? darkPalette() : lightPalette();
        const StateColours colours(palette);
        const QColor colour = colours.colour(Role(role));
        const Reading reading = readingOf(Role(role), palette, colours);
        const double ratio = StateColours::contrastRatio(colour, reading.against);
        QVERIFY2(ratio >= reading.minimum, qPrintable(QStringLiteral("%1 against %2: %3:1")
                                                          .arg(colour.name(), reading.against.name())
                                                          .arg(ratio, 0, 'f', 2)));
    }

    void everyRoleHasItsOwnEntry()
    {
        // roles() is what the tests above walk; a role left out of it would go unchecked.
        const QList<Role> roles = StateColours::roles();
        QCOMPARE(roles.size(), int(Role::StaleFill) + 1);
        for (int i = 0; i <= int(Role::StaleFill); ++i)
            QVERIFY(roles.contains(Role(i)));
    }

    void styleShortcutsFollowTheApplicationPalette()
    {
        QApplication::setPalette(lightPalette());
        QCOMPARE(k8::app::style::errorColor(), StateColours(lightPalette()).error());
        QCOMPARE(k8::app::style::statusColor(k8::kosa8::SandboxState::Stopped),
                 StateColours(lightPalette()).neutral());
        QApplication::setPalette(darkPalette());
        QCOMPARE(k8::app::style::errorColor(), StateColours(darkPalette()).error());
        QCOMPARE(k8::app::style::successColor(), StateColours(darkPalette()).success());
        QVERIFY(k8::app::style::errorColor() != StateColours(lightPalette()).error());
    }

    void hiddenMarkersAskAgainOnAPaletteChange()
    {
        k8::app::HiddenMarkers markers;
        markers.setPalette(lightPalette());
        QCOMPARE(markers.warningColour(), StateColours(lightPalette()).colour(Role::HiddenMarkerText));
        markers.setPalette(darkPalette());
        QCOMPARE(markers.warningColour(), StateColours(darkPalette()).colour(Role::HiddenMarkerText));
    }

    void noViewHardCodesAColour()
    {
        // Outside src/app/style, where StateColours keeps them.
        const QRegularExpression& hardCoded = hardCodedColour();
        QVERIFY(hardCoded.isValid());
        const QString root = QStringLiteral(K8_APP_SOURCE_DIR);
        QDirIterator it(root, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        QStringList found;
        int files = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.startsWith(root + QStringLiteral("/style/")))
                continue;
            QFile file(path);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
            ++files;
            const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
            for (int i = 0; i < lines.size(); ++i)
                if (hardCoded.match(lines.at(i)).hasMatch())
                    found << QStringLiteral("%1:%2: %3").arg(path).arg(i + 1).arg(lines.at(i).trimmed());
        }
        QVERIFY2(files > 50, qPrintable(QString::number(files))); // the tree was found and read
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void theSourceCheckCatchesAHexColour()
    {
        // The pattern above, on lines the views used to have.
        const QRegularExpression& hardCoded = hardCodedColour();
        QVERIFY(hardCoded.match(QStringLiteral("p.setBrush(QColor(0x5c, 0x6b, 0xc0));")).hasMatch());
        QVERIFY(hardCoded.match(QStringLiteral("QColor(0xfff8dc)")).hasMatch());
        QVERIFY(hardCoded.match(QStringLiteral("QStringLiteral(\"QLabel { color: #b71c1c; }\")")).hasMatch());
        QVERIFY(!hardCoded.match(QStringLiteral("#include \"style/Style.h\"")).hasMatch());
        QVERIFY(!hardCoded.match(QStringLiteral("QStringLiteral(\"color: %1;\").arg(c.name())")).hasMatch());
    }

private:
    const QPalette m_original = QApplication::palette();
};

QTEST_MAIN(TestStateColours)
#include "tst_statecolours.moc"
