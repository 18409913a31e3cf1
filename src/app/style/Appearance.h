// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPalette>
#include <QString>

namespace k8::app::style {

class ColourSchemeWatcher;

// Light, dark or as the system says: the person's choice of look (View > Appearance). People who
// review code all day pick their own contrast; following the desktop is only the default. A
// choice of light or dark applies style::lightPalette() or style::darkPalette() and tells the
// desktop watcher to stand aside; "system" gives the platform's palette back and lets the
// watcher follow the desktop again.
class Appearance : public QObject
{
    Q_OBJECT
public:
    enum class Choice
    {
        System,
        Light,
        Dark,
    };

    // `watcher` may be null (no session bus): "system" then means the platform's palette.
    explicit Appearance(ColourSchemeWatcher* watcher, QObject* parent = nullptr);

    Choice choice() const { return m_choice; }
    // Applies `choice` at once; choiceChanged() when it differs from the one before.
    void setChoice(Choice choice);

    // How a choice is kept in the settings ("system", "light", "dark"); anything else reads as
    // System.
    static QString keyOf(Choice choice);
    static Choice fromKey(const QString& key);

Q_SIGNALS:
    void choiceChanged(k8::app::style::Appearance::Choice choice);

private:
    ColourSchemeWatcher* m_watcher;
    // The platform's palette as the app started, given back for "system" when there is no
    // watcher to do it.
    QPalette m_platformPalette;
    Choice m_choice = Choice::System;
};

} // namespace k8::app::style
