// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/SandboxState.h"

#include <QColor>
#include <QFont>
#include <QIcon>
#include <QString>

#include <functional>

class QLabel;
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
// White or a near-black (the dark look's Base), whichever reads better on `background`: the text
// and icons of the sidebar's current page on the accent.
QColor textOn(const QColor& background);

QFont monospaceFont();
// A title font (larger, bold) for page headers.
QFont headerFont(const QFont& base);

// An icon from resources/icons/NAME.svg, drawn in the application palette's text colour
// ("currentColor" in the SVG) of the moment it is painted, so the same icon reads on light and
// dark themes and follows a switch between them without being set again. Drawn at the size
// asked for times the device pixel ratio (crisp at 1.5x and 2x). Falls back to the desktop theme
// icon `themeFallback` when the resource is missing.
QIcon icon(const QString& name, const QString& themeFallback = {});
// A small filled circle, for status dots in lists and the status bar, drawn at every size and
// device pixel ratio asked for (not a 12 px pixmap scaled up).
QIcon dotIcon(const QColor& color, int size = 12);

// Calls `apply` now and again each time the application palette changes (the system switched
// between light and dark), for a widget that styles itself from the palette: style sheets with a
// state colour, pixmaps set on labels. One call per widget and job; `apply` runs while the widget
// lives and never re-enters itself (a style sheet it sets changes the widget's own palette).
void followPalette(QWidget* widget, std::function<void()> apply);

// Shows `icon` on `label` at `size` px, drawn for the label's device pixel ratio, and again in
// the new text colour after a palette change (a label keeps the pixmap it is given).
void showIcon(QLabel* label, const QIcon& icon, int size);

// The state colour of a message's text (status lines under forms, results of a check).
enum class Tone
{
    None, // the palette's own text colour
    Success,
    Warning,
    Error,
    Accent,
    Neutral, // stopped, pending, not yet known
    Muted,   // secondary text (subtitles, hints): the palette's placeholder colour
};
QColor toneColour(Tone tone);
// A status dot in `tone`'s colour of the moment it is painted (follows a theme switch).
QIcon toneDot(Tone tone, int size = 12);
// Text drawn on an accent fill (a selected entry, a call-to-action button): white on the light
// theme's deep accent, the dark Base on the dark theme's light accent.
QColor textOnAccent();
// Colours `widget`'s text in `tone` through its style sheet ("color: …;" then `extraCss`), and
// again in the new theme's colour after a palette change. Tone::None with no extra CSS clears the
// style sheet.
void setTextTone(QWidget* widget, Tone tone, const QString& extraCss = {});
// The same through the widget's palette (WindowText and Text) instead of a style sheet, for
// widgets whose palette others read; Tone::None gives the inherited colours back.
void setForegroundTone(QWidget* widget, Tone tone);

// Makes a widget use the monospace font (command previews, consoles).
void makeMonospace(QWidget* widget);

} // namespace style
} // namespace k8::app
