// SPDX-License-Identifier: Apache-2.0
#pragma once

class QWidget;

namespace k8::app {

// Keeps `dialog` at least as high as its layout asks at the dialog's width, word-wrapped text's
// lines counted, each time its layout changes while it is shown (at most as high as the screen
// it is on). Qt keeps a window at its layout's minimum size on its own, but a word-wrapped
// label's minimum is one short line: when a field grows after the dialog is shown (a command
// wrapping once the field knows its width), the room comes out of the label, which then shows
// its middle only. Calling it again for the same dialog does nothing more.
void keepDialogHighEnough(QWidget* dialog);

} // namespace k8::app
