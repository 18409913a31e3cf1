// SPDX-License-Identifier: Apache-2.0
#include "profiles/ProfileSwitcher.h"

#include "kosa8/ConnectionProfiles.h"
#include "plumbing/AppContext.h"

#include <QActionGroup>
#include <QMenu>

namespace k8::app {

using kosa8::SavedProfile;

ProfileSwitcher::ProfileSwitcher(AppContext* context, QWidget* parent)
    : QToolButton(parent)
    , m_context(context)
    , m_menu(new QMenu(this))
{
    setObjectName(QStringLiteral("profileSwitcher"));
    m_menu->setObjectName(QStringLiteral("profileMenu"));
    setPopupMode(QToolButton::InstantPopup);
    setAutoRaise(true);
    setMenu(m_menu);
    // Filled when it opens, so it always lists the profiles as they are now.
    connect(m_menu, &QMenu::aboutToShow, this, &ProfileSwitcher::fillMenu);
    kosa8::ConnectionProfiles* profiles = context->profiles();
    connect(profiles, &kosa8::ConnectionProfiles::activeChanged, this, &ProfileSwitcher::updateText);
    connect(profiles, &kosa8::ConnectionProfiles::profileChanged, this, &ProfileSwitcher::updateText);
    fillMenu();
    updateText();
}

void ProfileSwitcher::updateText()
{
    const SavedProfile& active = m_context->profiles()->active();
    // A name is the person's own text: a tool button shows it as plain text. Long ones are cut
    // so the status bar keeps its room; the tooltip has it whole.
    const QString name = active.name.size() > 32 ? active.name.left(31) + QChar(0x2026) : active.name;
    setText(tr("Profile: %1").arg(name));
    setAccessibleName(tr("Connection profile: %1. Choose another").arg(active.name));
    QString tip = active.kind == SavedProfile::Kind::Remote
                      ? tr("%1: remote worker %2").arg(active.name, active.host)
                      : tr("%1: local daemon").arg(active.name);
    if (!m_context->executableOverride().isEmpty())
        tip += QLatin1Char('\n') +
               tr("kosa8 for this run: %1 (command line)").arg(m_context->executableOverride());
    setToolTip(tip);
}

void ProfileSwitcher::fillMenu()
{
    m_menu->clear();
    auto* group = new QActionGroup(m_menu);
    const kosa8::ConnectionProfiles* profiles = m_context->profiles();
    for (const SavedProfile& profile : profiles->profiles()) {
        // "&" would become a mnemonic: shown as typed.
        QString label = profile.name;
        label.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = m_menu->addAction(label);
        action->setCheckable(true);
        action->setChecked(profile.id == profiles->activeId());
        action->setData(profile.id);
        action->setToolTip(profile.kind == SavedProfile::Kind::Remote ? profile.host
                                                                      : SavedProfile::kindText(profile.kind));
        group->addAction(action);
        const QString id = profile.id;
        connect(action, &QAction::triggered, this, [this, id] { m_context->switchProfile(id); });
    }
    m_menu->addSeparator();
    QAction* edit = m_menu->addAction(tr("Edit profiles…"));
    edit->setObjectName(QStringLiteral("editProfilesAction"));
    connect(edit, &QAction::triggered, this, &ProfileSwitcher::editRequested);
}

} // namespace k8::app
