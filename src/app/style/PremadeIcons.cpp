// SPDX-License-Identifier: Apache-2.0
#include "style/PremadeIcons.h"

#include <QLatin1StringView>

#include <cstring>

namespace k8::app::style::premade {

const Icon* find(QStringView name, int size)
{
    // A few hundred entries, looked up once per icon, size and colour (the engine keeps what it
    // made): a scan is fast enough and needs no table built at start.
    for (int i = 0; i < iconCount; ++i) {
        const Icon& icon = icons[i];
        if (icon.size == size && name == QLatin1StringView(icon.name, qsizetype(std::strlen(icon.name))))
            return &icon;
    }
    return nullptr;
}

QImage image(const Icon& icon, const QColor& colour)
{
    const int size = icon.size;
    if (icon.kind == Kind::Colour) {
        // Copied, so that the pixmap made from it owns its pixels: an image on the program's
        // constant data must never be written to.
        return QImage(icon.pixels, size, size, size * 4, QImage::Format_ARGB32_Premultiplied).copy();
    }
    if (colour.alpha() != 255)
        return {};
    QImage result(size, size, QImage::Format_ARGB32_Premultiplied);
    const QRgb opaque = colour.rgb();
    for (int y = 0; y < size; ++y) {
        auto* row = reinterpret_cast<QRgb*>(result.scanLine(y));
        const unsigned char* alpha = icon.pixels + y * size;
        for (int x = 0; x < size; ++x)
            row[x] = qPremultiply(qRgba(qRed(opaque), qGreen(opaque), qBlue(opaque), alpha[x]));
    }
    return result;
}

} // namespace k8::app::style::premade
