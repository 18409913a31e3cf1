// SPDX-License-Identifier: Apache-2.0
#include "style/Appearance.h"

#include "style/ColourSchemeWatcher.h"
#include "style/ThemePalettes.h"

#include <QApplication>

namespace k8::app::style {

Appearance::Appearance(ColourSchemeWatcher* watcher, QObject* parent)
    : QObject(parent)
    , m_watcher(watcher)
    , m_platformPalette(QApplication::palette())
{}

void Appearance::setChoice(Choice choice)
{
    const bool changed = choice != m_choice;
    // At start-up the choice is usually "system", which is already in force: setting the
    // palette again would restyle the whole window for nothing.
    if (!changed && choice == Choice::System)
        return;
    m_choice = choice;
    if (choice == Choice::System) {
        if (m_watcher)
            m_watcher->setFollowing(true);
        else
            QApplication::setPalette(m_platformPalette);
    } else {
        // The watcher first: the palette set next is the person's, not the platform's.
        if (m_watcher)
            m_watcher->setFollowing(false);
        QApplication::setPalette(choice == Choice::Dark ? darkPalette() : lightPalette());
    }
    if (changed)
        Q_EMIT choiceChanged(choice);
}

QString Appearance::keyOf(Choice choice)
{
    switch (choice) {
    case Choice::Light:
        return QStringLiteral("light");
    case Choice::Dark:
        return QStringLiteral("dark");
    case Choice::System:
        break;
    }
    return QStringLiteral("system");
}

Appearance::Choice Appearance::fromKey(const QString& key)
{
    if (key == QLatin1String("light"))
        return Choice::Light;
    if (key == QLatin1String("dark"))
        return Choice::Dark;
    return Choice::System;
}

} // namespace k8::app::style
