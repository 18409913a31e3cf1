// SPDX-License-Identifier: Apache-2.0
#pragma once

// The Alt keys (mnemonics, the underlined letters) of what a window shows, and the ones two of
// its controls share. Qt does not act on a shared Alt key: each press moves the keyboard to the
// next control that has it, or opens a menu that has it, in an order a person cannot know; so
// Alt+H, meant for the inbox's History tab, opened the Help menu. Header-only: the app's widget
// tests need no library for it.

#include <QAbstractButton>
#include <QAction>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMap>
#include <QMenuBar>
#include <QStringList>
#include <QTabBar>
#include <QWidget>

namespace k8::test {

// "Alt+H" for "&Help"; empty when `text` marks no letter.
inline QString altKeyOf(const QString& text)
{
    return QKeySequence::mnemonic(text).toString(QKeySequence::PortableText);
}

// Every Alt key the widgets of `window` now on screen answer to, each with who answers:
// "Alt+H" -> {"menu &Help", "tab &History"}. A dialog or popup of its own is another window.
inline QMap<QString, QStringList> altKeysInView(const QWidget* window)
{
    QMap<QString, QStringList> owners;
    const auto note = [&owners](const QString& key, const QString& who) {
        if (!key.isEmpty())
            owners[key].append(who);
    };
    for (const QWidget* widget : window->findChildren<QWidget*>()) {
        if (widget->window() != window || !widget->isVisible())
            continue;
        if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) {
            // The key the button registered from its text (a tool button showing an action
            // registers none: the action's letter is its menu's); a disabled button is counted
            // too: it clashes once enabled.
            const QKeySequence key = button->shortcut();
            if (!key.isEmpty() && (key[0].keyboardModifiers() & Qt::AltModifier))
                note(key.toString(QKeySequence::PortableText), QStringLiteral("button ") + button->text());
        } else if (const auto* label = qobject_cast<const QLabel*>(widget)) {
            if (label->buddy())
                note(altKeyOf(label->text()), QStringLiteral("label ") + label->text());
        } else if (const auto* group = qobject_cast<const QGroupBox*>(widget)) {
            note(altKeyOf(group->title()), QStringLiteral("group ") + group->title());
        } else if (const auto* tabs = qobject_cast<const QTabBar*>(widget)) {
            for (int index = 0; index < tabs->count(); ++index) {
                if (tabs->isTabVisible(index))
                    note(altKeyOf(tabs->tabText(index)), QStringLiteral("tab ") + tabs->tabText(index));
            }
        } else if (const auto* menus = qobject_cast<const QMenuBar*>(widget)) {
            for (const QAction* menu : menus->actions()) {
                if (menu->isVisible())
                    note(altKeyOf(menu->text()), QStringLiteral("menu ") + menu->text());
            }
        }
    }
    return owners;
}

// "Alt+H: menu &Help, tab &History" for every Alt key of `window` that more than one control has.
inline QStringList sharedAltKeys(const QWidget* window)
{
    QStringList shared;
    const QMap<QString, QStringList> owners = altKeysInView(window);
    for (auto owner = owners.cbegin(); owner != owners.cend(); ++owner) {
        if (owner.value().size() > 1)
            shared.append(owner.key() + QStringLiteral(": ") + owner.value().join(QStringLiteral(", ")));
    }
    return shared;
}

} // namespace k8::test
