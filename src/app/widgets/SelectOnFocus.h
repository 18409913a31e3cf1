// SPDX-License-Identifier: Apache-2.0
#pragma once

class QAbstractItemView;

namespace k8::app {

// When `view` gets the keyboard with nothing selected, its current row becomes the selected one.
// Qt makes the first row current on Tab into a list without selecting it: the row shows a focus
// frame, while the actions that work on the selection stay greyed, so a keyboard user saw
// "code-runner" marked and Ctrl+Shift+E did nothing. For lists whose selection is a choice that
// changes what is shown elsewhere (the inbox's Recent runs), this is not wanted.
void selectCurrentRowOnFocus(QAbstractItemView* view);

} // namespace k8::app
