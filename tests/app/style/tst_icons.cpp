// SPDX-License-Identifier: Apache-2.0
// style::icon(): the app's SVG icons in the palette's text colour, drawn at the size a widget asks
// for when it asks (not at six sizes up front, which cost start-up time: bench/README.md), and
// one icon per name and colour shared by every caller.
#include "style/Style.h"

#include <QApplication>
#include <QIcon>
#include <QImage>
#include <QPalette>
#include <QPixmap>
#include <QtTest>

namespace {

QPalette paletteWithText(const QColor& text, const QColor& window)
{
    QPalette palette;
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Window, window);
    return palette;
}

// Whether any fully opaque pixel has exactly that colour.
bool drawsIn(const QPixmap& pixmap, const QColor& colour)
{
    const QImage image = pixmap.toImage().convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (pixel.alpha() == 255 && pixel.rgb() == colour.rgb())
                return true;
        }
    return false;
}

} // namespace

class TestIcons : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QApplication::setPalette(m_original); }

    void drawnAtTheSizeAskedInTheTextColour()
    {
        QApplication::setPalette(paletteWithText(QColor(0x10, 0x20, 0x30), Qt::white));
        const QIcon inbox = k8::app::style::icon(QStringLiteral("inbox"));
        QVERIFY(!inbox.isNull());
        for (int size : {16, 20, 37, 64}) {
            const QPixmap pixmap = inbox.pixmap(size, size);
            QCOMPARE(pixmap.size(), QSize(size, size));
            QVERIFY2(drawsIn(pixmap, QColor(0x10, 0x20, 0x30)), qPrintable(QString::number(size)));
        }
        // Disabled is the style's own variant of the normal pixmap: not the same pixels.
        QVERIFY(inbox.pixmap(24, 24, QIcon::Disabled).toImage() != inbox.pixmap(24, 24).toImage());
    }

    void oneIconPerNameAndColour()
    {
        QApplication::setPalette(paletteWithText(Qt::black, Qt::white));
        const QIcon first = k8::app::style::icon(QStringLiteral("sandbox"));
        const QIcon again = k8::app::style::icon(QStringLiteral("sandbox"));
        QCOMPARE(first.cacheKey(), again.cacheKey()); // shared, pixmaps and all
        QVERIFY(k8::app::style::icon(QStringLiteral("log")).cacheKey() != first.cacheKey());
        // A dark theme gets icons in its own text colour.
        QApplication::setPalette(paletteWithText(QColor(0xee, 0xee, 0xee), QColor(0x20, 0x20, 0x20)));
        const QIcon dark = k8::app::style::icon(QStringLiteral("sandbox"));
        QVERIFY(dark.cacheKey() != first.cacheKey());
        QVERIFY(drawsIn(dark.pixmap(32, 32), QColor(0xee, 0xee, 0xee)));
    }

    void missingIconFallsBackToTheTheme()
    {
        QVERIFY(k8::app::style::icon(QStringLiteral("no-such-icon")).isNull());
    }

private:
    QPalette m_original = QApplication::palette();
};

QTEST_MAIN(TestIcons)
#include "tst_icons.moc"
