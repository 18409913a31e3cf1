// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/EgressPolicy.h"
#include "kosa8/JobResult.h"
#include "policy/EgressRules.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace k8::app {

class AppContext;
class EgressEditor;

// The policy editor in a dialog, for two uses:
//   - a new sandbox (from the create dialog): OK hands the edited rules back, nothing runs;
//   - a live sandbox (from the sandbox list or "allow this host" in a review): Apply shows the
//     diff of the current and the new policy and the exact command, asks, runs `sandbox egress`,
//     and on success emits applied() so the list re-reads the real state. When kosa8 refuses,
//     the dialog stays open with the edited policy, shows kosa8's stderr, and offers to recreate
//     the sandbox with the new policy, saying plainly what that loses.
// Notes and the typed spelling of entries are kept per sandbox in the data folder
// (egress-policies.json) and shown again while kosa8 still reports the same hosts.
class EgressEditorDialog : public QDialog
{
    Q_OBJECT
public:
    // New sandbox: `name` may be empty (the preview then uses a placeholder name).
    EgressEditorDialog(AppContext* context, const policy::EgressRules& rules, QWidget* parent = nullptr);
    // Live sandbox with its current policy as kosa8 reports it.
    EgressEditorDialog(AppContext* context, const QString& sandbox, const kosa8::EgressPolicy& current,
                       QWidget* parent = nullptr);
    ~EgressEditorDialog() override;

    // New sandbox: the name the preview uses (a stand-in name while it is empty or invalid).
    void setNewSandboxName(const QString& name);
    bool isLive() const { return !m_sandbox.isEmpty(); }
    QString sandbox() const { return m_sandbox; }
    EgressEditor* editor() const { return m_editor; }
    policy::EgressRules rules() const;
    policy::EgressRules currentRules() const { return m_current; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* recreateButton() const { return m_recreate; }
    QPlainTextEdit* errorView() const { return m_errorView; }
    QLabel* statusLabel() const { return m_status; }

    // Called by "allow this host": adds the entry (with a note saying where it came from).
    bool addEntry(const QString& entry, const QString& note);

    // Saved notes/typed entries for `sandbox`, if they still describe what kosa8 reports.
    static policy::EgressRules savedRules(const QString& dataDir, const QString& sandbox,
                                          const kosa8::EgressPolicy& reported);
    static bool saveRules(const QString& dataDir, const QString& sandbox, const policy::EgressRules& rules);

public Q_SLOTS:
    // Live: diff + confirmation, then `sandbox egress`. New sandbox: accept().
    void applyOrAccept();
    void offerRecreate();
    // Refused while kosa8 is working: closing between "delete" and "create" of a recreate would
    // leave the sandbox deleted and the policy lost. With edits not applied (or an entry typed
    // and not added), asks before they are thrown away.
    void reject() override;

public:
    bool hasUnappliedEdits() const;

Q_SIGNALS:
    // The live sandbox's egress changed (or it was recreated): re-read the list.
    void applied(const QString& sandbox, const k8::policy::EgressRules& rules);

private:
    void build();
    void updateState();
    void runChange();
    void showFailure(const QString& title, const kosa8::JobResult& result);
    void runRecreate();

    AppContext* m_context;
    QString m_sandbox;
    policy::EgressRules m_current;
    QString m_unknownCurrent;
    EgressEditor* m_editor;
    QLabel* m_currentLabel;
    QLabel* m_status;
    QPlainTextEdit* m_errorView;
    QPushButton* m_recreate;
    QPushButton* m_apply;
    QDialogButtonBox* m_buttons;
    bool m_running = false;
};

} // namespace k8::app
