// SPDX-License-Identifier: Apache-2.0
#pragma once

class QLineEdit;

namespace k8::app {

// Shows or hides a line edit's clear (×) button, with a name. Qt's button has only an icon, so a
// screen reader met an unnamed button in the field as soon as text was typed into it.
void setClearButton(QLineEdit* edit, bool shown = true);

} // namespace k8::app
