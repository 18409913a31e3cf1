// SPDX-License-Identifier: Apache-2.0
// Build-time tool (packaging/Packaging.cmake): renders the app icon's SVG into one square PNG.
//   k8_render_icon SOURCE.svg SIZE OUT.png
// Qt's own SVG renderer, which the build needs anyway, so packaging asks for no other program
// (librsvg, Inkscape). A QGuiApplication (offscreen, no display) gives the renderer what an SVG
// with text would need, the system fonts; the icon's "k8" is outlines (icons/kosa8-desk.svg).

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QTextStream err(stderr);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 4) {
        err << "usage: k8_render_icon SOURCE.svg SIZE OUT.png\n";
        return 2;
    }
    bool sizeOk = false;
    const int size = args.at(2).toInt(&sizeOk);
    if (!sizeOk || size < 1 || size > 4096) {
        err << "k8_render_icon: size must be 1 to 4096, not " << args.at(2) << '\n';
        return 2;
    }
    QSvgRenderer renderer(args.at(1));
    if (!renderer.isValid()) {
        err << "k8_render_icon: cannot read " << args.at(1) << " as SVG\n";
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        renderer.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(args.at(3), "PNG")) {
        err << "k8_render_icon: cannot write " << args.at(3) << '\n';
        return 1;
    }
    return 0;
}
