// SPDX-License-Identifier: Apache-2.0
#include "style/ThemePalettes.h"

#include <QColor>

namespace k8::app::style {

namespace {

struct Colours
{
    QColor window, windowText, base, alternateBase, text, button, buttonText, highlight, highlightedText,
        link, linkVisited, toolTipBase, toolTipText, placeholder, brightText;
    QColor disabledText;
    QColor light, midlight, mid, dark, shadow;
};

QPalette paletteFrom(const Colours& c)
{
    QPalette palette;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        const bool disabled = group == QPalette::Disabled;
        palette.setColor(group, QPalette::Window, c.window);
        palette.setColor(group, QPalette::WindowText, disabled ? c.disabledText : c.windowText);
        palette.setColor(group, QPalette::Base, disabled ? c.window : c.base);
        palette.setColor(group, QPalette::AlternateBase, c.alternateBase);
        palette.setColor(group, QPalette::Text, disabled ? c.disabledText : c.text);
        palette.setColor(group, QPalette::Button, c.button);
        palette.setColor(group, QPalette::ButtonText, disabled ? c.disabledText : c.buttonText);
        palette.setColor(group, QPalette::BrightText, c.brightText);
        palette.setColor(group, QPalette::Highlight, disabled ? c.mid : c.highlight);
        palette.setColor(group, QPalette::HighlightedText, c.highlightedText);
        palette.setColor(group, QPalette::Link, c.link);
        palette.setColor(group, QPalette::LinkVisited, c.linkVisited);
        palette.setColor(group, QPalette::ToolTipBase, c.toolTipBase);
        palette.setColor(group, QPalette::ToolTipText, c.toolTipText);
        palette.setColor(group, QPalette::PlaceholderText, c.placeholder);
        palette.setColor(group, QPalette::Light, c.light);
        palette.setColor(group, QPalette::Midlight, c.midlight);
        palette.setColor(group, QPalette::Mid, c.mid);
        palette.setColor(group, QPalette::Dark, c.dark);
        palette.setColor(group, QPalette::Shadow, c.shadow);
    }
    return palette;
}

} // namespace

QPalette lightPalette()
{
    Colours c;
    c.window = QColor(0xef, 0xef, 0xef);
    c.windowText = QColor(0x1a, 0x1a, 0x1a);
    c.base = Qt::white;
    c.alternateBase = QColor(0xf5, 0xf5, 0xf5);
    c.text = c.windowText;
    c.button = c.window;
    c.buttonText = c.windowText;
    c.highlight = QColor(0x30, 0x8c, 0xc6);
    c.highlightedText = Qt::white;
    c.link = QColor(0x1565c0);
    c.linkVisited = QColor(0x6a1b9a);
    c.toolTipBase = QColor(0xff, 0xff, 0xdc);
    c.toolTipText = Qt::black;
    c.placeholder = QColor(0x6e, 0x6e, 0x6e);
    c.brightText = Qt::white;
    c.disabledText = QColor(0x8a, 0x8a, 0x8a);
    c.light = Qt::white;
    c.midlight = QColor(0xca, 0xca, 0xca);
    c.mid = QColor(0xb8, 0xb8, 0xb8);
    c.dark = QColor(0x9f, 0x9f, 0x9f);
    c.shadow = QColor(0x76, 0x76, 0x76);
    return paletteFrom(c);
}

QPalette darkPalette()
{
    // Base at #1e1e1e: the dark state colours (style/StateColours.cpp) keep 4.5:1 on it.
    Colours c;
    c.window = QColor(0x2b, 0x2b, 0x2b);
    c.windowText = QColor(0xe6, 0xe6, 0xe6);
    c.base = QColor(0x1e, 0x1e, 0x1e);
    c.alternateBase = QColor(0x26, 0x26, 0x26);
    c.text = c.windowText;
    c.button = QColor(0x35, 0x35, 0x35);
    c.buttonText = c.windowText;
    c.highlight = QColor(0x2f, 0x6f, 0xb0);
    c.highlightedText = Qt::white;
    c.link = QColor(0x6c, 0xb6, 0xff);
    c.linkVisited = QColor(0xce, 0x93, 0xd8);
    c.toolTipBase = QColor(0x3a, 0x3a, 0x3a);
    c.toolTipText = c.windowText;
    c.placeholder = QColor(0x9a, 0x9a, 0x9a);
    c.brightText = Qt::white;
    c.disabledText = QColor(0x80, 0x80, 0x80);
    c.light = QColor(0x4a, 0x4a, 0x4a);
    c.midlight = QColor(0x3d, 0x3d, 0x3d);
    c.mid = QColor(0x50, 0x50, 0x50);
    c.dark = QColor(0x18, 0x18, 0x18);
    c.shadow = QColor(0x0c, 0x0c, 0x0c);
    return paletteFrom(c);
}

} // namespace k8::app::style
