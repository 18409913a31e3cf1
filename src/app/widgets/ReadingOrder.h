// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>

class QWidget;

namespace k8::app::readingOrder {

// Tab in the order a person reads. Qt tabs through a window's widgets in the order they were
// created, and this window is built in pieces: the status bar before the pages, pages when first
// shown, a panel moved above the cards, a card made per action. So Tab went from the sidebar to
// the status bar, and from the reject reason back up to the code. Re-linking Qt's chain with
// setTabOrder does not keep up with that (pages and cards are added later, and compound widgets
// such as an editable combo box carry their children along), so the window asks these on every
// Tab instead: they walk the layouts as laid out now, top to bottom and left to right (scroll
// areas, splitters and tab widgets by their pages).

// The controls under `roots`, in reading order, each once; hidden and disabled ones included.
QList<QWidget*> controls(const QList<QWidget*>& roots);

// Moves the keyboard from the focus widget to the next (or previous) control under `roots`
// that can take it now, round the end, scrolling it into view. False (nothing done) when the
// focus is on none of them: then Qt's own chain applies.
bool moveFocus(const QList<QWidget*>& roots, bool next);

} // namespace k8::app::readingOrder
