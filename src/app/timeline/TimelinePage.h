// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Operation.h"

#include <QPointer>
#include <QVariantMap>
#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QToolBar;

namespace k8::kosa8 {
class Kosa8Job;
class SandboxListModel;
} // namespace k8::kosa8

namespace k8::timeline {
class TimelineLoader;
class TimelineModel;
class TimelineStore;
} // namespace k8::timeline

namespace k8::app {

class AppContext;
class CommandPreviewField;
class TimelineView;

// The checkpoint timeline of one sandbox and what can be done with it: checkpoint now, rewind
// (to a checkpoint, or to before a run), snapshot create/restore/delete, fork, reset to the base
// checkpoint and the "rewind to base after every approved run" option. Every action shows its
// exact command, runs asynchronously with a Cancel button, reports kosa8's failure with its
// stderr and re-reads the timeline afterwards (success or not): what is shown is what kosa8
// lists, never what the action was expected to do.
class TimelinePage : public QWidget
{
    Q_OBJECT
public:
    explicit TimelinePage(AppContext* context, QWidget* parent = nullptr);
    ~TimelinePage() override;

    // Fills the sandbox chooser (the sandbox list's model).
    void setSandboxModel(kosa8::SandboxListModel* model);

    QString sandbox() const { return m_sandbox; }
    timeline::TimelineModel* model() const { return m_model; }
    timeline::TimelineStore* store() const { return m_store; }
    timeline::TimelineLoader* loader() const { return m_loader; }
    TimelineView* view() const { return m_view; }
    QComboBox* sandboxChooser() const { return m_chooser; }
    QLabel* failureLabel() const { return m_failure; }
    QLabel* staleLabel() const { return m_stale; }
    QPlainTextEdit* detailsPanel() const { return m_detailsPanel; }
    bool isBusy() const { return !m_job.isNull(); }
    QPushButton* cancelButton() const { return m_cancel; }
    QCheckBox* resetAfterRunBox() const { return m_resetAfterRun; }

    QAction* refreshAction() const { return m_refresh; }
    QAction* checkpointAction() const { return m_checkpoint; }
    QAction* rewindAction() const { return m_rewind; }
    QAction* snapshotCreateAction() const { return m_snapshotCreate; }
    QAction* snapshotRestoreAction() const { return m_snapshotRestore; }
    QAction* snapshotDeleteAction() const { return m_snapshotDelete; }
    QAction* forkAction() const { return m_fork; }
    QAction* resetToBaseAction() const { return m_resetToBase; }
    QAction* setBaseAction() const { return m_setBase; }
    // A refresh asked for while the page was hidden, done when it is shown.
    bool refreshWaitsForShow() const { return m_refreshOnShow; }

public Q_SLOTS:
    // Shows `sandbox` and re-reads it; with a run's request id, selects that run once loaded.
    void showSandbox(const QString& sandbox, const QString& runRequestId = {});
    void refresh();
    // refresh() now when the page is on screen, else when it is next shown: reading a timeline
    // is two kosa8 calls (each a fork of the app's process on the UI thread) that nobody sees
    // while the page is hidden, and an agent's runs end one after another.
    void refreshWhenShown();
    void openCheckpointDialog();
    // Asks (listing what is lost) and rewinds to the selected checkpoint, or to the checkpoint
    // taken before the selected run.
    void confirmRewind();
    // The same for a given label (the run console's "rewind to before this run").
    void confirmRewindTo(const QString& label);
    void createSnapshot();
    void confirmRestoreSnapshot();
    void confirmDeleteSnapshot();
    void openForkDialog();
    void confirmResetToBase();
    void setSelectedAsBase();
    void openDetails(int row);
    void cancelOperation();

Q_SIGNALS:
    void operationFinished(const k8::kosa8::JobResult& result);
    void sandboxChanged(const QString& sandbox);
    // The person switched "rewind to base after every approved run" for `sandbox` (saved). For
    // the inbox, which shows which sandboxes reset after each run (store()->resetAfterRun()).
    void resetAfterRunChanged(const QString& sandbox, bool on);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // The stale banner and the failure line in the palette's state colours (again after a
    // palette change).
    void applyStateColours();
    void buildActions();
    void buildLayout();
    void updateActions();
    // Before any sandbox was chosen: the one the sandbox box shows.
    void followChooser();
    void onLoaded();
    void showDetailsOfSelection();
    void onLoadFailed(const QString& message, const kosa8::JobResult& result);
    void showContextMenu(int row, const QPoint& globalPos);
    QString previewFor(kosa8::Operation op, const QVariantMap& params) const;
    void runOperation(kosa8::Operation op, const QVariantMap& params, const QString& failureTitle);
    void operationDone(const kosa8::JobResult& result, const QString& failureTitle);
    // The label a rewind from the selection goes to; empty when none. *why says why not.
    QString rewindTargetOfSelection(QString* why) const;

    AppContext* m_context;
    timeline::TimelineModel* m_model;
    timeline::TimelineStore* m_store;
    timeline::TimelineLoader* m_loader;
    QString m_sandbox;
    QString m_pendingRunSelection;
    bool m_refreshOnShow = false;
    QString m_pendingCheckpointSelection;
    QPointer<kosa8::Kosa8Job> m_job;
    QString m_forkFrom; // the checkpoint the sandbox ran from when a fork started

    QComboBox* m_chooser = nullptr;
    QToolBar* m_toolbar = nullptr;
    TimelineView* m_view = nullptr;
    QLabel* m_stale = nullptr;
    QLabel* m_problems = nullptr;
    QLabel* m_failure = nullptr;
    QPlainTextEdit* m_detailsPanel = nullptr;
    QWidget* m_operationRow = nullptr;
    CommandPreviewField* m_operationCommand = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QCheckBox* m_resetAfterRun = nullptr;
    QLabel* m_baseLabel = nullptr;

    QAction* m_refresh = nullptr;
    QAction* m_checkpoint = nullptr;
    QAction* m_rewind = nullptr;
    QAction* m_snapshotCreate = nullptr;
    QAction* m_snapshotRestore = nullptr;
    QAction* m_snapshotDelete = nullptr;
    QAction* m_fork = nullptr;
    QAction* m_resetToBase = nullptr;
    QAction* m_setBase = nullptr;
    QAction* m_details = nullptr;
};

} // namespace k8::app
