// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "policy/CodeReach.h"
#include "policy/EgressRules.h"

#include <QWidget>

class QLabel;
class QMenu;
class QPushButton;
class QTreeWidget;

namespace k8::app {

// "What the code under review would reach": every destination the scan finds with the verdict
// of the chosen sandbox's policy ("blocked: not in the allow-list", "allowed by
// *.pythonhosted.org"), and the risky operations, each with its line. It is a hint, not a
// guarantee, and says so. "Allow this host for this sandbox" offers the exact host and the
// wildcard of its domain and only emits allowHostRequested(): the editor's diff and
// confirmation decide, never this panel.
class ReachPanel : public QWidget
{
    Q_OBJECT
public:
    enum Column
    {
        LineColumn,
        WhatColumn,
        TargetColumn,
        VerdictColumn
    };

    // Code past this size is not scanned (the panel says so): the scan runs on every edit.
    static constexpr qsizetype MaxScannedChars = policy::ReviewScanChars;
    // Rows the list shows without scrolling.
    static constexpr int MaxShownRows = 6;

    explicit ReachPanel(QWidget* parent = nullptr);

    // The code under review, its language and the sandbox it would run in with that sandbox's
    // policy as kosa8 reports it (an empty sandbox: no verdicts, only the findings).
    // `scanned`: the findings of policy::scanCodeForReview() of this very code and language,
    // worked out already (a large request's, off the UI thread); null: scanned here.
    void setInput(const QString& code, const QString& language, const QString& sandbox,
                  const policy::EgressRules& rules, const QList<policy::ReachFinding>* scanned = nullptr);
    void setPolicy(const QString& sandbox, const policy::EgressRules& rules);

    QList<policy::ReachFinding> findings() const { return m_findings; }
    // Verdict text per finding (same order as findings(); empty for risks).
    QStringList verdicts() const;
    // Lines the editor should mark: destinations that would be blocked and risky operations.
    QList<int> attentionLines() const;
    // The entries "allow this host" offers for the finding at `index`: the exact host and, for a
    // name with a parent domain, the wildcard of its domain. Empty for risks and allowed hosts.
    QStringList allowChoices(int index) const;
    int selectedFinding() const;
    void selectFinding(int index);
    // Emits allowHostRequested() for the selected finding's choice `entry`.
    void requestAllow(const QString& entry);

    QTreeWidget* list() const { return m_list; }
    QPushButton* allowButton() const { return m_allow; }
    QPushButton* editPolicyButton() const { return m_editPolicy; }
    QLabel* summaryLabel() const { return m_summary; }

Q_SIGNALS:
    void allowHostRequested(const QString& sandbox, const QString& entry, const QString& note);
    // "Edit this sandbox's policy…": the policy editor for the chosen sandbox.
    void editPolicyRequested(const QString& sandbox);
    // A row was activated: show this line in the editor.
    void lineActivated(int line);

private:
    void rebuild();
    void fitList();
    void updateButton();
    void showAllowMenu();

    QLabel* m_summary;
    QTreeWidget* m_list;
    QPushButton* m_allow;
    QPushButton* m_editPolicy;
    QMenu* m_allowMenu;
    QString m_code;
    QString m_language;
    QString m_sandbox;
    policy::EgressRules m_rules;
    QList<policy::ReachFinding> m_findings;
    QList<policy::MatchResult> m_results;
    bool m_truncated = false;
};

} // namespace k8::app
