// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

class QLineEdit;

namespace k8::app {

// Return (or Enter) in `edit` does `onReturn` and nothing else. A line edit passes the key on
// after its returnPressed(), and in a dialog the key then presses the default button too: Return
// in the rules editor's name field renamed the rule and closed the dialog, Return in the
// allow-list's entry field added the host and opened the Apply confirmation.
void takeReturnKey(QLineEdit* edit, std::function<void()> onReturn);

} // namespace k8::app
