// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/SandboxState.h"

#include <QColor>
#include <QFont>
#include <QIcon>
#include <QString>

class QPalette;
class QWidget;

namespace k8::app {

// The app's look in one place: shortcuts to the application palette's state colours
// (style/StateColours.h holds them all), the monospace font for commands, and icons drawn from
// resources/icons in the palette's text colour.
namespace style {

bool isDark(const QPalette& palette);

// Colour of a sandbox status dot: running success, stopped neutral, creating warning, error.
QColor statusColor(kosa8::SandboxState state);
// Severity accents for banners and step lists, for QApplication::palette().
QColor successColor();
QColor warningColor();
QColor errorColor();
QColor accentColor();

QFont monospaceFont();
// A title font (larger, bold) for page headers.
QFont headerFont(const QFont& base);

// An icon from resources/icons/NAME.svg, recoloured to the application palette's text colour
// ("currentColor" in the SVG), so the same file reads on light and dark themes. Falls back to
// the desktop theme icon `themeFallback` when the resource is missing.
QIcon icon(const QString& name, const QString& themeFallback = {});
// A small filled circle, for status dots in lists and the status bar.
QIcon dotIcon(const QColor& color, int size = 12);

// Makes a widget use the monospace font (command previews, consoles).
void makeMonospace(QWidget* widget);

} // namespace style
} // namespace k8::app
