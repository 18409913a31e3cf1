// SPDX-License-Identifier: Apache-2.0
#pragma once

class QLineEdit;

namespace k8::app {

// Gives a line edit its clear (×) button, with a name. Qt's button has only an icon, so a screen
// reader met an unnamed button in the field as soon as text was typed into it.
void setClearButton(QLineEdit* edit);

} // namespace k8::app
