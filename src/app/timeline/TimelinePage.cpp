// SPDX-License-Identifier: Apache-2.0
#include "timeline/TimelinePage.h"

#include "kosa8/Kosa8Runner.h"
#include "kosa8/Names.h"
#include "kosa8/SandboxListModel.h"
#include "plumbing/AppContext.h"
#include "style/StateColours.h"
#include "timeline/CheckpointLabelDialog.h"
#include "timeline/TimelineLoader.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelineStore.h"
#include "timeline/TimelineView.h"
#include "widgets/CommandPreviewField.h"
#include "widgets/ConfirmCommandDialog.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QToolBar>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

namespace k8::app {

using kosa8::JobResult;
using kosa8::Operation;
using timeline::TimelineBuilder;
using timeline::TimelineItem;
using Kind = TimelineItem::Kind;

namespace {
QVariantMap nameParams(const QString& sandbox)
{
    return {{QStringLiteral("name"), sandbox}};
}
} // namespace

TimelinePage::TimelinePage(AppContext* context, QWidget* parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new timeline::TimelineModel(this))
    , m_store(new timeline::TimelineStore(context->dataDir()))
    , m_loader(new timeline::TimelineLoader(context->runner(), m_model, m_store, this))
{
    setObjectName(QStringLiteral("timelinePage"));
    QString error;
    if (!m_store->load(&error)) {
        UserMessage message;
        message.severity = UserMessage::Severity::Warning;
        message.title = tr("Timeline settings could not be read");
        message.text = error;
        m_context->postMessage(message);
    }
    if (!context->dataDir().isEmpty())
        m_loader->setRunSources(QDir(context->dataDir()).filePath(QStringLiteral("ledger.jsonl")),
                                timeline::RunResultLog::pathIn(context->dataDir()));
    buildActions();
    buildLayout();
    applyStateColours();
    connect(m_loader, &timeline::TimelineLoader::loaded, this, &TimelinePage::onLoaded);
    connect(m_loader, &timeline::TimelineLoader::failed, this, &TimelinePage::onLoadFailed);
    connect(m_view, &TimelineView::currentRowChanged, this, &TimelinePage::updateActions);
    connect(m_view, &TimelineView::currentRowChanged, this, &TimelinePage::showDetailsOfSelection);
    connect(m_model, &QAbstractItemModel::modelReset, this, &TimelinePage::showDetailsOfSelection);
    connect(m_view, &TimelineView::detailsRequested, this, &TimelinePage::openDetails);
    connect(m_view, &TimelineView::contextMenuRequested, this, &TimelinePage::showContextMenu);
    updateActions();
}

TimelinePage::~TimelinePage()
{
    if (m_job) {
        m_job->disconnect(this);
        m_job->cancel();
    }
    delete m_store;
}

void TimelinePage::buildActions()
{
    auto make = [this](const QString& text, const QString& name, const QKeySequence& shortcut = {}) {
        auto* action = new QAction(text, this);
        action->setObjectName(name);
        if (!shortcut.isEmpty()) {
            action->setShortcut(shortcut);
            action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        }
        addAction(action);
        return action;
    };
    m_refresh = make(tr("&Refresh"), QStringLiteral("timelineRefresh"), QKeySequence::Refresh);
    m_checkpoint = make(tr("&Checkpoint now…"), QStringLiteral("timelineCheckpoint"),
                        QKeySequence(Qt::CTRL | Qt::Key_K));
    m_rewind = make(tr("Re&wind…"), QStringLiteral("timelineRewind"),
                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_snapshotCreate = make(tr("Take &snapshot"), QStringLiteral("timelineSnapshotCreate"));
    m_snapshotRestore = make(tr("Restore snapshot…"), QStringLiteral("timelineSnapshotRestore"));
    m_snapshotDelete =
        make(tr("Delete snapshot…"), QStringLiteral("timelineSnapshotDelete"), QKeySequence::Delete);
    m_fork = make(tr("&Fork…"), QStringLiteral("timelineFork"));
    m_resetToBase = make(tr("Reset to &base…"), QStringLiteral("timelineResetToBase"));
    m_setBase = make(tr("Use as base"), QStringLiteral("timelineSetBase"));
    m_details = make(tr("Details"), QStringLiteral("timelineDetails"));
    connect(m_refresh, &QAction::triggered, this, &TimelinePage::refresh);
    connect(m_checkpoint, &QAction::triggered, this, &TimelinePage::openCheckpointDialog);
    connect(m_rewind, &QAction::triggered, this, &TimelinePage::confirmRewind);
    connect(m_snapshotCreate, &QAction::triggered, this, &TimelinePage::createSnapshot);
    connect(m_snapshotRestore, &QAction::triggered, this, &TimelinePage::confirmRestoreSnapshot);
    connect(m_snapshotDelete, &QAction::triggered, this, &TimelinePage::confirmDeleteSnapshot);
    connect(m_fork, &QAction::triggered, this, &TimelinePage::openForkDialog);
    connect(m_resetToBase, &QAction::triggered, this, &TimelinePage::confirmResetToBase);
    connect(m_setBase, &QAction::triggered, this, &TimelinePage::setSelectedAsBase);
    connect(m_details, &QAction::triggered, this, [this] { openDetails(m_view->currentRow()); });
}

void TimelinePage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyStateColours();
}

void TimelinePage::applyStateColours()
{
    const StateColours colours(palette());
    m_stale->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; padding: 4px; }")
                               .arg(colours.colour(StateColours::Role::StaleFill).name(),
                                    colours.colour(StateColours::Role::StaleText).name()));
    m_failure->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(colours.error().name()));
}

void TimelinePage::buildLayout()
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* chooserLabel = new QLabel(tr("S&andbox:"), this);
    m_chooser = new QComboBox(this);
    m_chooser->setAccessibleName(tr("Sandbox"));
    m_chooser->setMinimumContentsLength(16);
    chooserLabel->setBuddy(m_chooser);
    connect(m_chooser, &QComboBox::activated, this, [this](int) { showSandbox(m_chooser->currentText()); });
    top->addWidget(chooserLabel);
    top->addWidget(m_chooser);
    m_baseLabel = new QLabel(this);
    m_baseLabel->setAccessibleDescription(tr("Base checkpoint"));
    top->addWidget(m_baseLabel);
    m_resetAfterRun = new QCheckBox(tr("Rewind to base after every approved run"), this);
    m_resetAfterRun->setAccessibleName(tr("Rewind to base after every approved run"));
    m_resetAfterRun->setToolTip(
        tr("Every task starts from a clean machine: after each approved run in this sandbox, "
           "kosa8 Desk rewinds it to its base checkpoint."));
    connect(m_resetAfterRun, &QCheckBox::toggled, this, [this](bool on) {
        if (m_sandbox.isEmpty() || m_store->resetAfterRun(m_sandbox) == on)
            return;
        QString error;
        if (!m_store->setResetAfterRun(m_sandbox, on, &error)) {
            UserMessage message;
            message.title = tr("The option could not be saved");
            message.text = error;
            m_context->postMessage(message);
            const QSignalBlocker block(m_resetAfterRun);
            m_resetAfterRun->setChecked(!on);
        } else {
            Q_EMIT resetAfterRunChanged(m_sandbox, on);
        }
        updateActions();
    });
    top->addStretch(1);
    top->addWidget(m_resetAfterRun);
    layout->addLayout(top);

    m_toolbar = new QToolBar(this);
    m_toolbar->setAccessibleName(tr("Timeline actions"));
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (QAction* action : {m_refresh, m_checkpoint, m_rewind, m_resetToBase, m_setBase, m_snapshotCreate,
                            m_snapshotRestore, m_snapshotDelete, m_fork})
        m_toolbar->addAction(action);
    layout->addWidget(m_toolbar);

    m_stale = new QLabel(this);
    m_stale->setObjectName(QStringLiteral("timelineStale"));
    m_stale->setWordWrap(true);
    m_stale->setAccessibleDescription(tr("Timeline is stale"));
    m_stale->hide();
    layout->addWidget(m_stale);

    m_view = new TimelineView(this);
    m_view->setModel(m_model);
    layout->addWidget(m_view, 3);

    // The selected item's every field, under the timeline (Enter opens the same in a dialog).
    m_detailsPanel = new QPlainTextEdit(this);
    m_detailsPanel->setObjectName(QStringLiteral("timelineDetailsPanel"));
    m_detailsPanel->setReadOnly(true);
    m_detailsPanel->setAccessibleName(tr("Details of the selected item"));
    m_detailsPanel->setPlaceholderText(tr("Select a checkpoint, snapshot, run or fork to see its details."));
    layout->addWidget(m_detailsPanel, 2);

    m_problems = new QLabel(this);
    m_problems->setWordWrap(true);
    m_problems->setAccessibleDescription(tr("Problems reading the timeline"));
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->hide();
    layout->addWidget(m_problems);

    m_operationRow = new QWidget(this);
    auto* op = new QHBoxLayout(m_operationRow);
    op->setContentsMargins(0, 0, 0, 0);
    m_operationCommand = new CommandPreviewField(m_operationRow);
    m_operationCommand->setAccessibleName(tr("Running command"));
    m_progress = new QProgressBar(m_operationRow);
    m_progress->setRange(0, 0); // kosa8 does not say how far along it is
    m_progress->setMaximumWidth(160);
    m_progress->setAccessibleName(tr("Progress"));
    m_cancel = new QPushButton(tr("Cancel"), m_operationRow);
    m_cancel->setAccessibleName(tr("Cancel the running command"));
    connect(m_cancel, &QPushButton::clicked, this, &TimelinePage::cancelOperation);
    op->addWidget(m_operationCommand, 1);
    op->addWidget(m_progress);
    op->addWidget(m_cancel);
    m_operationRow->hide();
    layout->addWidget(m_operationRow);

    m_failure = new QLabel(this);
    m_failure->setObjectName(QStringLiteral("timelineFailure"));
    m_failure->setWordWrap(true);
    m_failure->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_failure->setAccessibleDescription(tr("Last failure"));
    m_failure->hide();
    layout->addWidget(m_failure);
}

void TimelinePage::setSandboxModel(kosa8::SandboxListModel* model)
{
    m_chooser->setModel(model);
    m_chooser->setModelColumn(kosa8::SandboxListModel::NameColumn);
    auto keep = [this] {
        // The list refreshes under the chooser; keep showing the sandbox the page is about.
        if (m_sandbox.isEmpty()) {
            followChooser();
            return;
        }
        const int index = m_chooser->findText(m_sandbox);
        if (index >= 0)
            m_chooser->setCurrentIndex(index);
    };
    connect(model, &QAbstractItemModel::modelReset, this, keep);
    connect(model, &QAbstractItemModel::rowsInserted, this, keep);
    connect(model, &QAbstractItemModel::layoutChanged, this, keep);
    // The page is built when first shown: the list may have filled already, and then no reset
    // follows.
    keep();
}

void TimelinePage::showSandbox(const QString& sandbox, const QString& runRequestId)
{
    m_pendingRunSelection = runRequestId;
    if (sandbox != m_sandbox) {
        m_sandbox = sandbox;
        m_model->clear();
        m_failure->hide();
        Q_EMIT sandboxChanged(sandbox);
    }
    const int index = m_chooser->findText(sandbox);
    if (index >= 0)
        m_chooser->setCurrentIndex(index);
    {
        const QSignalBlocker block(m_resetAfterRun);
        m_resetAfterRun->setChecked(m_store->resetAfterRun(sandbox));
    }
    refreshWhenShown(); // the box fills its first sandbox in while the page may still be hidden
}

void TimelinePage::followChooser()
{
    // The box shows its first sandbox as soon as the list fills (after every start), but only a
    // pick (activated) loaded it: the page said "Choose a sandbox" beside a box naming one.
    const QString shown = m_chooser->currentText();
    if (m_sandbox.isEmpty() && !shown.isEmpty())
        showSandbox(shown);
}

void TimelinePage::refresh()
{
    m_refreshOnShow = false;
    if (m_sandbox.isEmpty())
        return;
    if (!kosa8::Names::checkSandbox(m_sandbox).isEmpty())
        return;
    m_loader->refresh(m_sandbox);
}

void TimelinePage::refreshWhenShown()
{
    if (isVisible())
        refresh();
    else
        m_refreshOnShow = true;
}

void TimelinePage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_refreshOnShow)
        refresh();
}

void TimelinePage::onLoaded()
{
    m_stale->hide();
    const QStringList problems = m_loader->problems();
    m_problems->setText(problems.join(QLatin1Char('\n')));
    m_problems->setVisible(!problems.isEmpty());
    if (!m_pendingRunSelection.isEmpty()) {
        const int row = m_model->rowOfRun(m_pendingRunSelection);
        if (row >= 0)
            m_view->setCurrentRow(row);
        m_pendingRunSelection.clear();
    }
    if (!m_pendingCheckpointSelection.isEmpty()) {
        const int row = m_model->rowOfCheckpoint(m_pendingCheckpointSelection);
        if (row >= 0)
            m_view->setCurrentRow(row);
        m_pendingCheckpointSelection.clear();
    }
    updateActions();
}

void TimelinePage::onLoadFailed(const QString& message, const JobResult& result)
{
    m_stale->setText(
        tr("%1 The timeline below is the last one read (%2) and may be out of date. Refresh (F5) to try "
           "again.")
            .arg(message, m_model->loadedAt().isValid()
                              ? m_model->loadedAt().toLocalTime().toString(QStringLiteral("HH:mm:ss"))
                              : tr("never")));
    m_stale->show();
    m_context->reportFailure(message, result, QStringLiteral("timeline-refresh"));
    updateActions();
}

QString TimelinePage::previewFor(Operation op, const QVariantMap& params) const
{
    QString error;
    const QString preview = m_context->runner()->preview(op, params, &error);
    return preview.isEmpty() ? error : preview;
}

QString TimelinePage::rewindTargetOfSelection(QString* why) const
{
    const TimelineItem* item = m_model->item(m_view->currentRow());
    if (!item) {
        *why = tr("Select a checkpoint or a run first.");
        return {};
    }
    if (item->kind == Kind::Checkpoint)
        return item->label;
    if (item->kind == Kind::Run) {
        const TimelineItem* before = m_model->item(item->checkpointRow);
        if (!before) {
            *why = tr("No checkpoint before this run is listed.");
            return {};
        }
        return before->label;
    }
    *why = tr("Only checkpoints and runs can be rewound to.");
    return {};
}

void TimelinePage::updateActions()
{
    const bool has = !m_sandbox.isEmpty();
    const bool idle = !isBusy();
    const TimelineItem* item = m_model->item(m_view->currentRow());
    const bool snapshot = item && item->kind == Kind::Snapshot;
    const bool checkpoint = item && item->kind == Kind::Checkpoint;
    QString why;
    const QString target = has ? rewindTargetOfSelection(&why) : QString();
    const QString base = has ? m_store->baseCheckpoint(m_sandbox) : QString();

    m_refresh->setEnabled(has);
    m_checkpoint->setEnabled(has && idle);
    m_rewind->setEnabled(has && idle && !target.isEmpty());
    m_snapshotCreate->setEnabled(has && idle);
    m_snapshotRestore->setEnabled(has && idle && snapshot);
    m_snapshotDelete->setEnabled(has && idle && snapshot);
    m_fork->setEnabled(has && idle);
    m_resetToBase->setEnabled(has && idle && !base.isEmpty());
    m_setBase->setEnabled(has && checkpoint && item->label != base);
    m_details->setEnabled(item != nullptr);
    m_resetAfterRun->setEnabled(has);
    m_baseLabel->setText(base.isEmpty() ? tr("No base checkpoint") : tr("Base: %1").arg(base));

    // Tool tips carry the exact command for the current selection.
    m_checkpoint->setToolTip(tr("Take a checkpoint of %1 now (Ctrl+K)").arg(m_sandbox));
    m_rewind->setToolTip(target.isEmpty()
                             ? why
                             : previewFor(Operation::Rewind, {{QStringLiteral("name"), m_sandbox},
                                                              {QStringLiteral("label"), target}}));
    m_snapshotCreate->setToolTip(previewFor(Operation::SnapshotCreate, nameParams(m_sandbox)));
    if (snapshot) {
        const QVariantMap params{{QStringLiteral("name"), m_sandbox}, {QStringLiteral("id"), item->id}};
        m_snapshotRestore->setToolTip(previewFor(Operation::SnapshotRestore, params));
        m_snapshotDelete->setToolTip(previewFor(Operation::SnapshotRemove, params));
    }
    m_resetToBase->setToolTip(base.isEmpty()
                                  ? tr("Choose a checkpoint and \"Use as base\" first.")
                                  : previewFor(Operation::Rewind, {{QStringLiteral("name"), m_sandbox},
                                                                   {QStringLiteral("label"), base}}));
}

void TimelinePage::openCheckpointDialog()
{
    if (m_sandbox.isEmpty() || isBusy())
        return;
    auto* dialog =
        new CheckpointLabelDialog(m_context->runner(), m_sandbox, m_model->checkpointLabels(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString label = dialog->label();
        m_pendingCheckpointSelection = label;
        runOperation(Operation::CheckpointCreate,
                     {{QStringLiteral("name"), m_sandbox}, {QStringLiteral("label"), label}},
                     tr("Could not checkpoint %1").arg(m_sandbox));
    });
    dialog->open();
}

void TimelinePage::confirmRewind()
{
    QString why;
    const QString target = rewindTargetOfSelection(&why);
    if (!target.isEmpty())
        confirmRewindTo(target);
}

void TimelinePage::confirmRewindTo(const QString& label)
{
    if (m_sandbox.isEmpty() || isBusy() || label.isEmpty())
        return;
    const QVariantMap params{{QStringLiteral("name"), m_sandbox}, {QStringLiteral("label"), label}};
    // What is lost: the runs and checkpoints after the target, as the timeline shows them now.
    const int row = m_model->rowOfCheckpoint(label);
    const QList<int> after = TimelineBuilder::rowsAfter(m_model->items(), row);
    QStringList lost;
    int runs = 0;
    int checkpoints = 0;
    for (int r : after) {
        const TimelineItem& item = m_model->items()[r];
        (item.kind == Kind::Run ? runs : checkpoints) += 1;
        if (lost.size() < 8)
            lost.append(QStringLiteral("• ") + TimelineBuilder::describe(item));
    }
    if (after.size() > lost.size())
        lost.append(tr("• … and %n more", "", int(after.size() - lost.size())));
    QString question =
        tr("Rewind %1 to the checkpoint %2? Its memory, processes and disk go back to that moment.")
            .arg(m_sandbox, label);
    if (row < 0)
        question += QLatin1Char('\n') +
                    tr("The timeline does not list this checkpoint; kosa8 will say whether it exists.");
    else if (after.isEmpty())
        question += QLatin1Char('\n') + tr("Nothing after this checkpoint is on the timeline.");
    else
        question += QLatin1Char('\n') + tr("Lost: what %n run(s)", "", runs) +
                    tr(" and %n later checkpoint(s) captured:", "", checkpoints) + QLatin1Char('\n') +
                    lost.join(QLatin1Char('\n'));
    auto* dialog =
        new ConfirmCommandDialog(tr("Rewind sandbox"), question, previewFor(Operation::Rewind, params),
                                 tr("Rewind to %1").arg(label), this);
    dialog->setObjectName(QStringLiteral("confirmRewindDialog"));
    dialog->setDestructive(true);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, params, label] {
        runOperation(Operation::Rewind, params, tr("Could not rewind %1 to %2").arg(m_sandbox, label));
    });
    dialog->open();
}

void TimelinePage::createSnapshot()
{
    if (m_sandbox.isEmpty() || isBusy())
        return;
    runOperation(Operation::SnapshotCreate, nameParams(m_sandbox),
                 tr("Could not snapshot %1").arg(m_sandbox));
}

void TimelinePage::confirmRestoreSnapshot()
{
    const TimelineItem* item = m_model->item(m_view->currentRow());
    if (!item || item->kind != Kind::Snapshot || isBusy())
        return;
    const QVariantMap params{{QStringLiteral("name"), m_sandbox}, {QStringLiteral("id"), item->id}};
    auto* dialog = new ConfirmCommandDialog(
        tr("Restore snapshot"),
        tr("Restore %1 from the snapshot %2? The whole machine goes back to it; its current state is lost.")
            .arg(m_sandbox, item->id),
        previewFor(Operation::SnapshotRestore, params), tr("Restore %1").arg(item->id), this);
    dialog->setObjectName(QStringLiteral("confirmRestoreDialog"));
    dialog->setDestructive(true);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString id = item->id;
    connect(dialog, &QDialog::accepted, this, [this, params, id] {
        runOperation(Operation::SnapshotRestore, params,
                     tr("Could not restore %1 from %2").arg(m_sandbox, id));
    });
    dialog->open();
}

void TimelinePage::confirmDeleteSnapshot()
{
    const TimelineItem* item = m_model->item(m_view->currentRow());
    if (!item || item->kind != Kind::Snapshot || isBusy())
        return;
    const QVariantMap params{{QStringLiteral("name"), m_sandbox}, {QStringLiteral("id"), item->id}};
    auto* dialog = new ConfirmCommandDialog(
        tr("Delete snapshot"),
        tr("Delete the snapshot %1 of %2? This cannot be undone.").arg(item->id, m_sandbox),
        previewFor(Operation::SnapshotRemove, params), tr("Delete %1").arg(item->id), this);
    dialog->setObjectName(QStringLiteral("confirmDeleteSnapshotDialog"));
    dialog->setDestructive(true);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString id = item->id;
    connect(dialog, &QDialog::accepted, this, [this, params, id] {
        runOperation(Operation::SnapshotRemove, params, tr("Could not delete the snapshot %1").arg(id));
    });
    dialog->open();
}

void TimelinePage::openForkDialog()
{
    if (m_sandbox.isEmpty() || isBusy())
        return;
    auto* dialog = new ForkDialog(m_context->runner(), m_sandbox, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const TimelineItem* current = m_model->item(m_model->currentRow());
        m_forkFrom = current ? current->label : QString();
        runOperation(Operation::Fork,
                     {{QStringLiteral("name"), m_sandbox},
                      {QStringLiteral("count"), QString::number(dialog->count())}},
                     tr("Could not fork %1").arg(m_sandbox));
    });
    dialog->open();
}

void TimelinePage::confirmResetToBase()
{
    const QString base = m_store->baseCheckpoint(m_sandbox);
    if (!base.isEmpty())
        confirmRewindTo(base);
}

void TimelinePage::setSelectedAsBase()
{
    const TimelineItem* item = m_model->item(m_view->currentRow());
    if (!item || item->kind != Kind::Checkpoint)
        return;
    QString error;
    if (!m_store->setBaseCheckpoint(m_sandbox, item->label, &error)) {
        UserMessage message;
        message.title = tr("The base checkpoint could not be saved");
        message.text = error;
        m_context->postMessage(message);
    }
    refresh();
    updateActions();
}

void TimelinePage::showDetailsOfSelection()
{
    const TimelineItem* item = m_model->item(m_view->currentRow());
    m_detailsPanel->setPlainText(item ? TimelineBuilder::details(*item) : QString());
}

void TimelinePage::openDetails(int row)
{
    const TimelineItem* item = m_model->item(row);
    if (!item)
        return;
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("timelineDetailsDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Timeline item"));
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QPlainTextEdit(TimelineBuilder::details(*item), dialog);
    text->setReadOnly(true);
    text->setAccessibleName(tr("Details"));
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    if (item->kind == Kind::Run || item->kind == Kind::Checkpoint) {
        auto* rewind = buttons->addButton(item->kind == Kind::Run ? tr("Rewind to before this run…")
                                                                  : tr("Rewind here…"),
                                          QDialogButtonBox::ActionRole);
        rewind->setAccessibleName(rewind->text());
        rewind->setEnabled(m_rewind->isEnabled());
        connect(rewind, &QPushButton::clicked, dialog, [this, dialog] {
            dialog->close();
            confirmRewind();
        });
    }
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(520, 320);
    dialog->open();
}

void TimelinePage::showContextMenu(int row, const QPoint& globalPos)
{
    auto* menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (row >= 0)
        menu->addAction(m_details);
    menu->addAction(m_rewind);
    menu->addAction(m_setBase);
    menu->addSeparator();
    menu->addAction(m_snapshotRestore);
    menu->addAction(m_snapshotDelete);
    menu->addSeparator();
    menu->addAction(m_checkpoint);
    menu->addAction(m_snapshotCreate);
    menu->addAction(m_fork);
    menu->popup(globalPos);
}

void TimelinePage::runOperation(Operation op, const QVariantMap& params, const QString& failureTitle)
{
    if (isBusy())
        return;
    m_failure->hide();
    m_job = m_context->runner()->start(op, params);
    m_operationCommand->setCommand(m_job->preview());
    m_operationRow->show();
    spdlog::info("timeline: {}", m_job->preview().toStdString());
    connect(m_job, &kosa8::Kosa8Job::finished, this,
            [this, failureTitle](const JobResult& result) { operationDone(result, failureTitle); });
    updateActions();
}

void TimelinePage::cancelOperation()
{
    if (m_job)
        m_job->cancel();
}

void TimelinePage::operationDone(const JobResult& result, const QString& failureTitle)
{
    m_job = nullptr;
    m_operationRow->hide();
    if (result.ok()) {
        m_context->clearMessage(QStringLiteral("timeline-operation"));
        if (result.operation == Operation::Fork) {
            // The app's own record of the fork: kosa8 prints the new sandboxes' names.
            timeline::ForkRecord fork;
            fork.time = QDateTime::currentDateTimeUtc();
            fork.sandbox = m_sandbox;
            fork.fromCheckpoint = m_forkFrom;
            for (const QString& line : result.stdoutText().split(QLatin1Char('\n'))) {
                const QString name = line.trimmed();
                if (!name.isEmpty() && kosa8::Names::checkSandbox(name).isEmpty())
                    fork.forkedSandboxes.append(name);
            }
            QString error;
            if (!fork.forkedSandboxes.isEmpty() && !m_store->addFork(fork, &error))
                spdlog::warn("fork not recorded: {}", error.toStdString());
        }
    } else {
        m_pendingCheckpointSelection.clear();
        m_failure->setText(failureTitle + QLatin1Char('\n') + result.describeFailure());
        m_failure->show();
        m_context->reportFailure(failureTitle, result, QStringLiteral("timeline-operation"));
    }
    // What is shown is what kosa8 lists now, whatever the action was expected to do.
    refresh();
    updateActions();
    Q_EMIT operationFinished(result);
}

} // namespace k8::app
