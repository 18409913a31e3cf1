// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QToolButton>

class QMenu;

namespace k8::app {

class AppContext;

// The status bar's connection switcher: the active profile's name as a button; its menu lists
// every profile (the active one checked) and switches on a pick (AppContext::switchProfile:
// the runner, the health check and the sandbox list follow). "Edit profiles…" opens Settings.
class ProfileSwitcher : public QToolButton
{
    Q_OBJECT
public:
    explicit ProfileSwitcher(AppContext* context, QWidget* parent = nullptr);

    QMenu* profileMenu() const { return m_menu; }

Q_SIGNALS:
    void editRequested();

private:
    void updateText();
    void fillMenu();
    AppContext* m_context;
    QMenu* m_menu;
};

} // namespace k8::app
