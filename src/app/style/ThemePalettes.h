// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QPalette>

namespace k8::app::style {

// The palettes the app applies itself when the desktop announces light or dark only through the
// XDG portal (style/ColourSchemeWatcher.h) and the platform leaves the application palette as it
// was. Every role of the three colour groups is set, so no light colour of the old palette shows
// through a dark one ("light islands").
QPalette lightPalette();
QPalette darkPalette();

} // namespace k8::app::style
