// SPDX-License-Identifier: Apache-2.0
#include "profiles/TokenPrompt.h"

#include "secrets/ProfileSecrets.h"
#include "widgets/MessageBox.h"

#include <QApplication>

namespace k8::app {

void installTokenPrompt(secrets::ProfileSecrets* secrets)
{
    secrets->setAsk([](const secrets::ProfileSecrets::Question& question) {
        MessageBox::Question box;
        box.objectName = question.objectName;
        box.title = question.title;
        box.text = question.text;
        box.acceptText = question.acceptText;
        // The window in front when the store answered (the settings dialog or the main window).
        return MessageBox::ask(QApplication::activeWindow(), box) == MessageBox::Answer::Accept;
    });
}

} // namespace k8::app
