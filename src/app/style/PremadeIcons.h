// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QImage>
#include <QStringView>

namespace k8::app::style::premade {

// The app's icons (resources/icons) drawn at build time at the sizes the window asks for most, by
// the same renderer style::icon() uses (src/app/style/premade/premade-icons.cpp writes them, the
// build compiles them in). Drawing the SVG documents when the window is first painted, about 20 of
// them, was a twentieth of the app's start-up (bench/README.md, bench_startup); a premade icon
// costs a copy of its pixels. Sizes and icons not made here are drawn from the SVG as before.

enum class Kind
{
    Coverage, // one byte a pixel: an icon in "currentColor", filled with the colour asked for
    Colour,   // premultiplied ARGB32 in the build's byte order: an icon with colours of its own
};

struct Icon
{
    const char* name; // the SVG's base name, as style::icon() is asked for it
    int size;         // width and height in pixels
    Kind kind;
    const unsigned char* pixels; // rows top to bottom, no padding
};

// Every premade icon (generated source).
extern const Icon icons[];
extern const int iconCount;

// The icon `name` premade at `size` x `size` pixels, or nullptr.
const Icon* find(QStringView name, int size);

// Its pixels as an image the size of the icon: a Coverage icon in `colour` (opaque colours only:
// a translucent one is not what the renderer would blend, so the caller draws the SVG).
QImage image(const Icon& icon, const QColor& colour);

} // namespace k8::app::style::premade
