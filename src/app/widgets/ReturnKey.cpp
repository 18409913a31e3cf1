// SPDX-License-Identifier: Apache-2.0
#include "widgets/ReturnKey.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>

namespace k8::app {

namespace {

class ReturnFilter : public QObject
{
public:
    ReturnFilter(QLineEdit* edit, std::function<void()> onReturn)
        : QObject(edit)
        , m_onReturn(std::move(onReturn))
    {
        edit->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::KeyPress) {
            const auto* key = static_cast<QKeyEvent*>(event);
            if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
                (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
                m_onReturn();
                return true;
            }
        }
        // The dialog asks first whether a key is wanted here (ShortcutOverride): Return is.
        if (event->type() == QEvent::ShortcutOverride) {
            auto* key = static_cast<QKeyEvent*>(event);
            if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
                key->accept();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_onReturn;
};

} // namespace

void takeReturnKey(QLineEdit* edit, std::function<void()> onReturn)
{
    new ReturnFilter(edit, std::move(onReturn));
}

} // namespace k8::app
