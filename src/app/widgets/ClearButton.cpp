// SPDX-License-Identifier: Apache-2.0
#include "widgets/ClearButton.h"

#include <QAction>
#include <QCoreApplication>
#include <QLineEdit>
#include <QToolButton>

namespace k8::app {

void setClearButton(QLineEdit* edit)
{
    edit->setClearButtonEnabled(true);
    const QString name = QCoreApplication::translate("k8::app::ClearButton", "Clear the text");
    // Qt names the action behind the button like this (QLineEdit's own, not public API); the
    // button it shows is a tool button child of the field.
    if (auto* action = edit->findChild<QAction*>(QStringLiteral("_q_qlineeditclearaction"))) {
        action->setText(name);
        action->setToolTip(name);
    }
    for (QToolButton* button : edit->findChildren<QToolButton*>(Qt::FindDirectChildrenOnly)) {
        button->setAccessibleName(name);
        button->setToolTip(name);
    }
}

} // namespace k8::app
