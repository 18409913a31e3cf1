// SPDX-License-Identifier: Apache-2.0
// style::icon(): the app's SVG icons in the palette's text colour, drawn at the size a widget asks
// for when it asks (not at six sizes up front, which cost start-up time: bench/README.md), and
// one icon per name and colour shared by every caller; the sizes drawn at build time
// (style/PremadeIcons.h) are the renderer's pixels.
#include "style/PremadeIcons.h"
#include "style/Style.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSet>
#include <QSvgRenderer>
#include <QtTest>

#include <cstdlib>

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

// What style::icon()'s engine draws for an SVG in `colour` (style/Style.cpp), as an image.
QImage rendered(QByteArray svg, int size, const QColor& colour)
{
    svg.replace("currentColor", colour.name().toLatin1());
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    QSvgRenderer(svg).render(&painter, QRectF(0, 0, size, size));
    painter.end();
    return image;
}

// The largest difference of any channel of any pixel (both premultiplied ARGB32).
int largestDifference(const QImage& one, const QImage& other)
{
    int largest = 0;
    for (int y = 0; y < one.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(one.constScanLine(y));
        const auto* b = reinterpret_cast<const QRgb*>(other.constScanLine(y));
        for (int x = 0; x < one.width(); ++x)
            largest =
                std::max({largest, std::abs(qRed(a[x]) - qRed(b[x])), std::abs(qGreen(a[x]) - qGreen(b[x])),
                          std::abs(qBlue(a[x]) - qBlue(b[x])), std::abs(qAlpha(a[x]) - qAlpha(b[x]))});
    }
    return largest;
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
            const QPixmap pixmap = inbox.pixmap(QSize(size, size), 1.0);
            QCOMPARE(pixmap.size(), QSize(size, size));
            QVERIFY2(drawsIn(pixmap, QColor(0x10, 0x20, 0x30)), qPrintable(QString::number(size)));
        }
        // Disabled is the style's own variant of the normal pixmap: not the same pixels.
        QVERIFY(inbox.pixmap(24, 24, QIcon::Disabled).toImage() != inbox.pixmap(24, 24).toImage());
    }

    void oneIconPerNameFollowingTheTextColour()
    {
        QApplication::setPalette(paletteWithText(Qt::black, Qt::white));
        const QIcon first = k8::app::style::icon(QStringLiteral("sandbox"));
        const QIcon again = k8::app::style::icon(QStringLiteral("sandbox"));
        QCOMPARE(first.cacheKey(), again.cacheKey()); // shared, pixmaps and all
        QVERIFY(k8::app::style::icon(QStringLiteral("log")).cacheKey() != first.cacheKey());
        QVERIFY(drawsIn(first.pixmap(32, 32), Qt::black));
        // A dark theme: the icon a button already holds draws in the new text colour.
        QApplication::setPalette(paletteWithText(QColor(0xee, 0xee, 0xee), QColor(0x20, 0x20, 0x20)));
        QVERIFY(drawsIn(first.pixmap(32, 32), QColor(0xee, 0xee, 0xee)));
        QVERIFY(!drawsIn(first.pixmap(32, 32), Qt::black));
    }

    // At a device pixel ratio of 2 (and 1.5) an icon is drawn at the device size, not drawn at
    // 16 px and scaled up: the same pixels as an icon drawn at the device size directly.
    void crispAtHighDevicePixelRatios_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<qreal>("ratio");
        for (qreal ratio : {2.0, 1.5}) {
            QTest::addRow("svg@%g", ratio) << QStringLiteral("svg") << ratio;
            QTest::addRow("dot@%g", ratio) << QStringLiteral("dot") << ratio;
        }
    }
    void crispAtHighDevicePixelRatios()
    {
        QFETCH(QString, kind);
        QFETCH(qreal, ratio);
        QApplication::setPalette(paletteWithText(QColor(0x10, 0x20, 0x30), Qt::white));
        const QIcon icon = kind == QLatin1String("svg")
                               ? k8::app::style::icon(QStringLiteral("inbox"))
                               : k8::app::style::dotIcon(QColor(0x1e, 0x7b, 0x34), 16);
        const QPixmap hiDpi = icon.pixmap(QSize(16, 16), ratio);
        const int device = qRound(16 * ratio);
        QCOMPARE(hiDpi.size(), QSize(device, device));
        QCOMPARE(hiDpi.devicePixelRatio(), ratio);
        const QImage direct =
            icon.pixmap(QSize(device, device), 1.0).toImage().convertToFormat(QImage::Format_ARGB32);
        QImage drawn = hiDpi.toImage().convertToFormat(QImage::Format_ARGB32);
        drawn.setDevicePixelRatio(1.0);
        QCOMPARE(drawn, direct);
        // And not what scaling the 16 px drawing up gives.
        const QImage upscaled = icon.pixmap(QSize(16, 16), 1.0)
                                    .toImage()
                                    .scaled(device, device, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                                    .convertToFormat(QImage::Format_ARGB32);
        QVERIFY(direct != upscaled);
    }

    // Run a second time with QT_SCALE_FACTOR=2 (tests/app/style/CMakeLists.txt): a widget's
    // pixmap, asked without a ratio, is then 32x32 for 16x16 and marked as 2x.
    void followsTheScreensScaleFactor()
    {
        const qreal ratio = qApp->devicePixelRatio();
        if (qEnvironmentVariable("QT_SCALE_FACTOR") == QLatin1String("2"))
            QCOMPARE(ratio, 2.0);
        const QIcon inbox = k8::app::style::icon(QStringLiteral("inbox"));
        const QPixmap pixmap = inbox.pixmap(QSize(16, 16));
        QCOMPARE(pixmap.size(), QSize(qRound(16 * ratio), qRound(16 * ratio)));
        QCOMPARE(pixmap.devicePixelRatio(), ratio);
        const QPixmap dot = k8::app::style::dotIcon(Qt::red, 12).pixmap(QSize(12, 12));
        QCOMPARE(dot.size(), QSize(qRound(12 * ratio), qRound(12 * ratio)));
    }

    // Every icon in resources/icons is premade at every premade size (none left to the renderer
    // by the build's tool), and a premade icon has the pixels the SVG renderer draws, in any
    // colour: the first frame's icons are copied from there (bench/README.md, bench_startup).
    void premadeIconsAreWhatTheRendererDraws()
    {
        namespace premade = k8::app::style::premade;
        QStringList names;
        for (const QFileInfo& file : QDir(QStringLiteral(":/icons")).entryInfoList({QStringLiteral("*.svg")}))
            names << file.completeBaseName();
        QSet<int> sizes;
        for (int i = 0; i < premade::iconCount; ++i)
            sizes.insert(premade::icons[i].size);
        QVERIFY(sizes.contains(18) && sizes.contains(20) && sizes.contains(32)); // the first frame's
        QCOMPARE(premade::iconCount, int(names.size() * sizes.size()));
        for (const QString& name : names) {
            QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray svg = file.readAll();
            for (int size : sizes) {
                const premade::Icon* icon = premade::find(name, size);
                QVERIFY2(icon, qPrintable(QStringLiteral("%1 at %2").arg(name).arg(size)));
                for (const QColor& colour : {QColor(Qt::black), QColor(Qt::white), QColor(0x1c, 0x5f, 0xc2),
                                             QColor(0xee, 0xee, 0xee)}) {
                    const QImage premadeImage = premade::image(*icon, colour);
                    QCOMPARE(premadeImage.size(), QSize(size, size));
                    // Rounding: the renderer blends the colour once per overlapping stroke, the
                    // premade coverage once in all; up to two steps of 255 apart (seen: 2, once).
                    QVERIFY2(
                        largestDifference(premadeImage, rendered(svg, size, colour)) <= 2,
                        qPrintable(QStringLiteral("%1 at %2 in %3").arg(name).arg(size).arg(colour.name())));
                }
            }
        }
        QVERIFY(!premade::find(QStringLiteral("inbox"), 37));
        // A translucent colour is not premade's to blend.
        QVERIFY(premade::image(*premade::find(QStringLiteral("inbox"), 20), QColor(0, 0, 0, 128)).isNull());
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
