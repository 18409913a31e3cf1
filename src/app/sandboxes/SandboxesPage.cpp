// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/SandboxesPage.h"

#include "ui_SandboxesPage.h"

#include "egress/EgressEditorDialog.h"
#include "egress/EgressGlanceDelegate.h"
#include "kosa8/Kosa8Params.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "kosa8/SandboxState.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "sandboxes/CreateSandboxDialog.h"
#include "sandboxes/ImagesDialog.h"
#include "sandboxes/PullImageDialog.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/StatusDotDelegate.h"
#include "style/Style.h"
#include "widgets/ClearButton.h"
#include "widgets/ConfirmCommandDialog.h"
#include "widgets/PageHeader.h"
#include "widgets/PlainText.h"
#include "widgets/SelectOnFocus.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

namespace k8::app {

using kosa8::JobResult;
using kosa8::Operation;

SandboxesPage::SandboxesPage(AppContext* context, QWidget* parent)
    : SandboxesPage(context, Widgets::Now, parent)
{}

SandboxesPage::SandboxesPage(AppContext* context, Widgets widgets, QWidget* parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::SandboxesPage>())
    , m_context(context)
    , m_model(new kosa8::SandboxListModel(this))
    , m_refresher(new SandboxRefresher(context, m_model, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_statusTimer(new QTimer(this))
    , m_contextMenu(new QMenu(this))
{
    // As the form names the page (and says again when it makes the widgets).
    setObjectName(QStringLiteral("sandboxesPage"));
    setAccessibleName(tr("Sandboxes"));
    buildActions();
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);

    connect(m_refresher, &SandboxRefresher::refreshed, this, &SandboxesPage::updateState);
    connect(m_refresher, &SandboxRefresher::failed, this, &SandboxesPage::updateState);
    connect(m_refresher, &SandboxRefresher::busyChanged, this, &SandboxesPage::updateState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &SandboxesPage::updateState);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &SandboxesPage::updateState);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &SandboxesPage::updateState);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &SandboxesPage::updateActions);
    // The "retrying in N s" countdown.
    m_statusTimer->setInterval(1000);
    connect(m_statusTimer, &QTimer::timeout, this, &SandboxesPage::updateState);
    m_statusTimer->start();
    // The menus hold the actions: enabled and described as they are, with or without the widgets.
    updateActions();
    if (widgets == Widgets::Now)
        buildWidgets();
}

void SandboxesPage::buildWidgets()
{
    if (m_filter)
        return;
    // Made before the form, as it was when the page made its widgets in its constructor: the
    // same order of children, so the same focus chain and the same first frame.
    m_filter = new QLineEdit(this);
    m_ui->setupUi(this);
    buildLayout();
    m_hasWidgets = true;
    // The actions need no update: nothing can be selected in a table without its model, and
    // they followed the list meanwhile (updateState()).
    showListState();
}

SandboxesPage::~SandboxesPage() = default;

void SandboxesPage::buildActions()
{
    auto make = [this](const QString& text, const QString& iconName, const QString& themeIcon,
                       const QKeySequence& shortcut, const QString& objectName) {
        auto* action = new QAction(style::icon(iconName, themeIcon), text, this);
        action->setObjectName(objectName);
        action->setShortcut(shortcut);
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
        return action;
    };
    m_create = make(tr("&Create…"), QStringLiteral("add"), QStringLiteral("list-add"), QKeySequence::New,
                    QStringLiteral("createSandboxAction"));
    m_start = make(tr("&Start"), QStringLiteral("start"), QStringLiteral("media-playback-start"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), QStringLiteral("startSandboxAction"));
    m_stop = make(tr("St&op"), QStringLiteral("stop"), QStringLiteral("media-playback-stop"),
                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X), QStringLiteral("stopSandboxAction"));
    m_remove = make(tr("&Delete…"), QStringLiteral("delete"), QStringLiteral("edit-delete"),
                    QKeySequence::Delete, QStringLiteral("deleteSandboxAction"));
    // Delete only while the list has focus, so the key keeps working in text fields.
    m_remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_pull = make(tr("&Pull image…"), QStringLiteral("pull"), QStringLiteral("download"),
                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), QStringLiteral("pullImageAction"));
    m_images = make(tr("&Images…"), QStringLiteral("images"), QStringLiteral("view-list-details"),
                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I), QStringLiteral("imagesAction"));
    m_refresh = make(tr("&Refresh"), QStringLiteral("refresh"), QStringLiteral("view-refresh"),
                     QKeySequence::Refresh, QStringLiteral("refreshSandboxesAction"));
    m_setup = make(tr("Set up a &code sandbox…"), QStringLiteral("setup"), QStringLiteral("system-run"),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), QStringLiteral("setupCodeSandboxAction"));
    m_timeline = make(tr("&Timeline…"), QStringLiteral("timeline"), QStringLiteral("document-open-recent"),
                      QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), QStringLiteral("timelineAction"));
    m_egress = make(tr("&Network policy…"), QStringLiteral("settings"), QStringLiteral("network-wired"),
                    QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), QStringLiteral("egressPolicyAction"));
    m_copyName = new QAction(tr("Copy &name"), this);

    m_create->setToolTip(tr("Create a sandbox (shows the command before running it)"));
    m_refresh->setToolTip(tr("Refresh the list now"));
    m_setup->setToolTip(
        tr("Create code-runner with no network, pull python:3.12-slim and checkpoint it as clean"));

    connect(m_create, &QAction::triggered, this, &SandboxesPage::openCreateDialog);
    connect(m_start, &QAction::triggered, this, &SandboxesPage::startSelected);
    connect(m_stop, &QAction::triggered, this, &SandboxesPage::stopSelected);
    connect(m_remove, &QAction::triggered, this, &SandboxesPage::confirmRemoveSelected);
    connect(m_pull, &QAction::triggered, this, &SandboxesPage::openPullDialog);
    connect(m_images, &QAction::triggered, this, &SandboxesPage::openImagesDialog);
    connect(m_egress, &QAction::triggered, this, &SandboxesPage::openEgressEditor);
    connect(m_refresh, &QAction::triggered, m_refresher, &SandboxRefresher::refresh);
    connect(m_setup, &QAction::triggered, this, &SandboxesPage::setupRequested);
    connect(m_timeline, &QAction::triggered, this, [this] {
        if (!selectedSandbox().isEmpty())
            Q_EMIT timelineRequested(selectedSandbox());
    });
    connect(m_copyName, &QAction::triggered, this, [this] {
        if (!selectedSandbox().isEmpty())
            QApplication::clipboard()->setText(selectedSandbox());
    });
}

QList<QAction*> SandboxesPage::sandboxActions() const
{
    return {m_create, m_start, m_stop, m_remove, m_pull, m_images, m_egress, m_timeline, m_refresh, m_setup};
}

QLineEdit* SandboxesPage::filterEdit()
{
    buildWidgets();
    return m_filter;
}

QTableView* SandboxesPage::view()
{
    prepareTable();
    return m_ui->sandboxView;
}

void SandboxesPage::buildLayout()
{
    auto* header = new PageHeader(
        tr("Sandboxes"), tr("kosa8 microVMs that run agent code. Network access is enforced on the host."),
        this);
    m_filter->setObjectName(QStringLiteral("sandboxFilter"));
    m_filter->setPlaceholderText(tr("Filter sandboxes"));
    m_filter->setAccessibleName(tr("Filter sandboxes"));
    setClearButton(m_filter);
    m_filter->setMinimumWidth(220);
    header->addWidget(m_filter);
    m_ui->mainLayout->insertWidget(0, header);

    QToolBar* toolbar = m_ui->sandboxToolbar;
    // Creating comes first, the guided set-up beside it: at the window's default width the set-up
    // sat at the far end, behind "»".
    toolbar->addAction(m_create);
    toolbar->addAction(m_setup);
    toolbar->addSeparator();
    toolbar->addAction(m_start);
    toolbar->addAction(m_stop);
    toolbar->addAction(m_pull);
    toolbar->addAction(m_images);
    toolbar->addAction(m_timeline);
    toolbar->addAction(m_egress);
    toolbar->addAction(m_remove);
    // Delete as its icon alone, as in most container tools (its name is in its tooltip and
    // accessible name), and Refresh beside the line that says when the list was read: at the
    // window's default width the toolbar then has room for every action (Delete, Refresh and
    // the set-up were behind "»").
    if (auto* button = qobject_cast<QToolButton*>(toolbar->widgetForAction(m_remove))) {
        button->setToolButtonStyle(Qt::ToolButtonIconOnly);
        button->setAccessibleName(tr("Delete the selected sandbox"));
    }
    // The "»" that holds what does not fit, named for a screen reader.
    if (auto* more = toolbar->findChild<QToolButton*>(QStringLiteral("qt_toolbar_ext_button")))
        more->setAccessibleName(tr("More sandbox actions"));
    auto* refreshButton = new QToolButton(this);
    refreshButton->setDefaultAction(m_refresh);
    refreshButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    refreshButton->setAutoRaise(true);
    refreshButton->setAccessibleName(tr("Refresh the list"));
    auto* statusRow = new QHBoxLayout;
    const int statusAt = m_ui->mainLayout->indexOf(m_ui->sandboxStatusLine);
    m_ui->mainLayout->removeWidget(m_ui->sandboxStatusLine);
    statusRow->addWidget(m_ui->sandboxStatusLine, 1);
    statusRow->addWidget(refreshButton);
    m_ui->mainLayout->insertLayout(statusAt, statusRow);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    // The table's model, sorting and columns: prepareTable(). What follows needs none of them.
    QTableView* view = m_ui->sandboxView;
    // Names, images, status and egress are kosa8's text: tooltips show them as text.
    view->setItemDelegate(new PlainToolTipDelegate(view));
    view->setItemDelegateForColumn(kosa8::SandboxListModel::StatusColumn, new StatusDotDelegate(view));
    view->setItemDelegateForColumn(kosa8::SandboxListModel::EgressColumn, new EgressGlanceDelegate(view));
    connect(view, &QTableView::customContextMenuRequested, this, &SandboxesPage::showContextMenu);
    connect(view, &QTableView::doubleClicked, this, &SandboxesPage::openImagesDialog);
    // The sandbox marked by the keyboard is the one the actions work on.
    selectCurrentRowOnFocus(view);
    view->addAction(m_remove);

    m_contextMenu->addAction(m_start);
    m_contextMenu->addAction(m_stop);
    m_contextMenu->addAction(m_pull);
    m_contextMenu->addAction(m_images);
    m_contextMenu->addAction(m_timeline);
    m_contextMenu->addAction(m_egress);
    m_contextMenu->addSeparator();
    m_contextMenu->addAction(m_copyName);
    m_contextMenu->addSeparator();
    m_contextMenu->addAction(m_remove);

    buildEmptyState();

    style::setForegroundTone(m_ui->sandboxStatusLine, style::Tone::Muted);
}

void SandboxesPage::prepareTable()
{
    buildWidgets(); // which prepares the table itself when the list has rows
    if (m_tablePrepared)
        return;
    m_tablePrepared = true;
    QTableView* view = m_ui->sandboxView;
    view->setModel(m_proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(kosa8::SandboxListModel::NameColumn, Qt::AscendingOrder);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 14);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setSectionResizeMode(kosa8::SandboxListModel::ImagesColumn,
                                                   QHeaderView::Stretch);
    view->horizontalHeader()->setSectionResizeMode(kosa8::SandboxListModel::CreatedColumn,
                                                   QHeaderView::ResizeToContents);
    view->setColumnWidth(kosa8::SandboxListModel::NameColumn, 200);
    view->setColumnWidth(kosa8::SandboxListModel::StatusColumn, 120);
    view->setColumnWidth(kosa8::SandboxListModel::EgressColumn, 200);
    connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SandboxesPage::updateActions);
}

void SandboxesPage::buildEmptyState()
{
    m_ui->emptyTitle->setFont(style::headerFont(font()));
    // A fixed width lets the wrapped text compute its height (a maximum alone squeezes it). Set
    // here, not in the form: the form's minimumSize would also fix the minimum height, at 0.
    m_ui->emptyText->setFixedWidth(520);
    m_ui->emptySetupButton->setMinimumHeight(34);
    m_ui->emptyCreateButton->setMinimumHeight(34);
    connect(m_ui->emptySetupButton, &QPushButton::clicked, this, &SandboxesPage::setupRequested);
    connect(m_ui->emptyCreateButton, &QPushButton::clicked, this, &SandboxesPage::openCreateDialog);
    // Out of the stack until it is first shown (dressEmptyState()): a stacked layout measures
    // every page it holds, shown or not, and this one's wrapped paragraph was measured again for
    // each width the window's first layout tried (bench/README.md, bench_startup).
    m_emptyStateIndex = m_ui->sandboxStack->indexOf(m_ui->sandboxEmptyState);
    m_ui->sandboxStack->removeWidget(m_ui->sandboxEmptyState);
}

void SandboxesPage::dressEmptyState()
{
    if (m_emptyStateDressed)
        return;
    m_emptyStateDressed = true;
    m_ui->sandboxStack->insertWidget(m_emptyStateIndex, m_ui->sandboxEmptyState);
    style::showIcon(m_ui->emptyIcon, style::icon(QStringLiteral("kosa8-desk")), 72);
    QPushButton* setupButton = m_ui->emptySetupButton;
    setupButton->setIcon(style::icon(QStringLiteral("setup")));
    style::followPalette(setupButton, [setupButton] {
        setupButton->setStyleSheet(
            QStringLiteral("QPushButton { background: %1; color: %2; border-radius: 4px;"
                           " padding: 6px 18px; font-weight: bold; }")
                .arg(style::accentColor().name(), style::textOnAccent().name()));
    });
}

QString SandboxesPage::selectedSandbox() const
{
    if (!m_tablePrepared)
        return {}; // a table without its model has nothing selected
    const QModelIndexList rows = m_ui->sandboxView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    return rows.first().data(kosa8::SandboxListModel::SandboxNameRole).toString();
}

void SandboxesPage::selectSandbox(const QString& name)
{
    const int row = m_model->rowOf(name);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return;
    prepareTable();
    m_ui->sandboxView->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                    QItemSelectionModel::Rows);
    m_ui->sandboxView->scrollTo(index);
}

bool SandboxesPage::isShowingEmptyState() const
{
    return hasWidgets() && m_ui->sandboxStack->currentWidget() == m_ui->sandboxEmptyState;
}

QString SandboxesPage::statusLineText() const
{
    if (!hasWidgets())
        return {};
    return m_ui->sandboxStatusLine->text();
}

QString SandboxesPage::previewFor(Operation op, const QVariantMap& params) const
{
    QString error;
    const QString preview = m_context->runner()->preview(op, params, &error);
    return preview.isEmpty() ? error : preview;
}

void SandboxesPage::updateActions()
{
    const QString name = selectedSandbox();
    const bool has = !name.isEmpty();
    const kosa8::Sandbox* sandbox = has ? m_model->find(name) : nullptr;
    const kosa8::SandboxState state =
        sandbox ? kosa8::sandboxStateFrom(sandbox->status) : kosa8::SandboxState::Unknown;
    const bool busy = m_busy.contains(name);
    m_start->setEnabled(has && !busy && state != kosa8::SandboxState::Running);
    m_stop->setEnabled(has && !busy && state != kosa8::SandboxState::Stopped);
    m_remove->setEnabled(has && !busy);
    m_pull->setEnabled(has && !busy);
    m_images->setEnabled(has);
    m_timeline->setEnabled(has);
    m_egress->setEnabled(has && !busy);
    m_copyName->setEnabled(has);

    // Every action can show its exact command: the tooltip says it for the selected sandbox.
    auto describe = [&](QAction* action, const QString& what, Operation op) {
        const QString tip = has ? tr("%1\n%2").arg(what, previewFor(op, kosa8::params::sandbox(name)))
                                : tr("%1 (select a sandbox first)").arg(what);
        action->setToolTip(tip);
        action->setStatusTip(tip);
    };
    describe(m_start, tr("Start the selected sandbox"), Operation::SandboxStart);
    describe(m_stop, tr("Stop the selected sandbox"), Operation::SandboxStop);
    describe(m_remove, tr("Delete the selected sandbox (asks first)"), Operation::SandboxRemove);
    describe(m_images, tr("List the images in the selected sandbox"), Operation::SandboxImages);
    describe(m_timeline, tr("Show the checkpoint timeline of the selected sandbox"),
             Operation::CheckpointList);
    m_egress->setToolTip(
        has ? tr("Edit the network policy of %1 (shows the change and the command first)").arg(name)
            : tr("Edit a sandbox's network policy (select a sandbox first)"));
    m_pull->setToolTip(has ? tr("Pull an image into %1 (shows the command before running it)").arg(name)
                           : tr("Pull an image (select a sandbox first)"));
    m_refresh->setToolTip(tr("Refresh the list now\n%1").arg(previewFor(Operation::SandboxList, {})));
}

void SandboxesPage::updateState()
{
    if (hasWidgets())
        showListState(); // else buildWidgets() shows it
    updateActions();
}

void SandboxesPage::showListState()
{
    const bool empty = m_model->rowCount() == 0;
    if (!empty) {
        prepareTable();
        m_ui->sandboxStack->setCurrentWidget(m_ui->sandboxView);
    } else if (m_refresher->hasSucceeded()) {
        dressEmptyState();
        m_ui->sandboxStack->setCurrentWidget(m_ui->sandboxEmptyState);
    } else {
        m_ui->sandboxStack->setCurrentWidget(m_ui->sandboxWaitingState);
        if (m_refresher->consecutiveFailures() == 0)
            m_ui->sandboxWaitingText->setText(tr("Asking kosa8 for the sandboxes…"));
        else
            m_ui->sandboxWaitingText->setText(
                tr("kosa8 could not list the sandboxes (see the message above).\n"
                   "The list refreshes by itself, or press Refresh."));
    }

    QStringList parts;
    const int count = m_model->rowCount();
    if (m_refresher->hasSucceeded()) {
        parts << tr("%n sandbox(es)", nullptr, count);
        parts << tr("updated %1")
                     .arg(QLocale().toString(m_refresher->lastSuccess().time(), QLocale::ShortFormat));
    }
    if (m_refresher->isRefreshing()) {
        parts << tr("refreshing…");
    } else if (m_refresher->consecutiveFailures() > 0) {
        const int seconds = (m_refresher->nextRefreshMs() + 999) / 1000;
        if (seconds > 0)
            parts << tr("listing failed; retrying in %1 s").arg(seconds);
    }
    for (auto it = m_busy.cbegin(); it != m_busy.cend(); ++it)
        parts << it.value();
    m_ui->sandboxStatusLine->setText(parts.join(QStringLiteral("  ·  ")));
}

void SandboxesPage::showContextMenu(const QPoint& position)
{
    const QModelIndex index = m_ui->sandboxView->indexAt(position);
    if (!index.isValid())
        return;
    m_ui->sandboxView->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                                    QItemSelectionModel::Rows);
    m_contextMenu->popup(m_ui->sandboxView->viewport()->mapToGlobal(position));
}

void SandboxesPage::runOperation(Operation op, const QString& sandbox, const QVariantMap& params,
                                 const QString& failureTitle, const QString& selectAfter)
{
    m_busy.insert(sandbox, tr("%1: %2…").arg(kosa8::operationTitle(op), sandbox));
    updateState();
    kosa8::Kosa8Job* job = m_context->runner()->start(op, params);
    connect(job, &kosa8::Kosa8Job::finished, this,
            [this, sandbox, failureTitle, selectAfter](const JobResult& result) {
                m_busy.remove(sandbox);
                if (!result.ok() && result.outcome != JobResult::Outcome::Cancelled)
                    m_context->reportFailure(failureTitle, result);
                if (result.ok() && !selectAfter.isEmpty()) {
                    // Select the new sandbox once the refreshed list has it.
                    auto* once = new QObject(this);
                    connect(m_refresher, &SandboxRefresher::refreshed, once, [this, once, selectAfter] {
                        selectSandbox(selectAfter);
                        once->deleteLater();
                    });
                }
                m_refresher->refresh();
                updateState();
                Q_EMIT operationFinished(result);
            });
}

void SandboxesPage::openCreateDialog()
{
    openCreateDialogWith({}, {}, {}, {});
}

void SandboxesPage::openCreateDialogWith(const QString& initialName, const policy::EgressRules& initialRules,
                                         const QStringList& initialMounts, const QString& refusal)
{
    auto* dialog = new CreateSandboxDialog(m_context->runner(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QSet<QString> names;
    for (const kosa8::Sandbox& sandbox : m_model->sandboxes())
        names.insert(sandbox.name);
    dialog->setExistingNames(names);
    if (!refusal.isEmpty())
        dialog->restore(initialName, initialRules, initialMounts, refusal);
    connect(dialog, &CreateSandboxDialog::policyEditorRequested, this, [this, dialog] {
        auto* editor = new EgressEditorDialog(m_context, dialog->rules(), dialog);
        editor->setAttribute(Qt::WA_DeleteOnClose);
        editor->setNewSandboxName(dialog->name());
        connect(editor, &QDialog::accepted, dialog,
                [dialog, editor] { dialog->setEditedRules(editor->rules()); });
        editor->open();
    });
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString name = dialog->name();
        const policy::EgressRules rules = dialog->rules();
        const QStringList mounts = dialog->mounts();
        // Notes and typed spellings stay with the sandbox for the next edit, once it exists. When
        // kosa8 refuses (it may not take ports, CIDR blocks or wildcards), nothing chosen is lost:
        // the dialog opens again with it and kosa8's reason.
        auto* once = new QObject(this);
        connect(this, &SandboxesPage::operationFinished, once,
                [this, once, name, rules, mounts](const JobResult& result) {
                    if (result.operation != Operation::SandboxCreate || !result.arguments.contains(name))
                        return;
                    once->deleteLater();
                    if (result.ok()) {
                        EgressEditorDialog::saveRules(m_context->dataDir(), name, rules);
                    } else if (result.outcome == JobResult::Outcome::Finished) {
                        const QString said = result.stderrText().trimmed().section(QLatin1Char('\n'), 0, 0);
                        openCreateDialogWith(name, rules, mounts,
                                             tr("kosa8 refused to create %1 (exit code %2): %3\nYour choices "
                                                "are kept below; change "
                                                "what it named and try again.")
                                                 .arg(name)
                                                 .arg(result.exitCode)
                                                 .arg(said.isEmpty() ? tr("no reason given") : said));
                    }
                });
        runOperation(Operation::SandboxCreate, name, dialog->params(),
                     tr("Could not create the sandbox %1").arg(name), name);
    });
    dialog->open();
}

void SandboxesPage::openEgressEditor()
{
    const QString name = selectedSandbox();
    if (!name.isEmpty())
        openEgressEditorWithEntry(name, {}, {});
}

bool SandboxesPage::openEgressEditorWithEntry(const QString& sandbox, const QString& entry,
                                              const QString& note)
{
    const kosa8::Sandbox* found = m_model->find(sandbox);
    if (!found)
        return false;
    auto* dialog = new EgressEditorDialog(m_context, sandbox, found->egress, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &EgressEditorDialog::applied, m_refresher, &SandboxRefresher::refresh);
    if (!entry.isEmpty())
        dialog->addEntry(entry, note);
    dialog->open();
    return true;
}

void SandboxesPage::startSelected()
{
    const QString name = selectedSandbox();
    if (!name.isEmpty() && m_start->isEnabled())
        runOperation(Operation::SandboxStart, name, kosa8::params::sandbox(name),
                     tr("Could not start the sandbox %1").arg(name));
}

void SandboxesPage::stopSelected()
{
    const QString name = selectedSandbox();
    if (!name.isEmpty() && m_stop->isEnabled())
        runOperation(Operation::SandboxStop, name, kosa8::params::sandbox(name),
                     tr("Could not stop the sandbox %1").arg(name));
}

void SandboxesPage::confirmRemoveSelected()
{
    const QString name = selectedSandbox();
    if (name.isEmpty() || !m_remove->isEnabled())
        return;
    const QVariantMap params = kosa8::params::sandbox(name);
    auto* dialog = new ConfirmCommandDialog(
        tr("Delete sandbox"),
        tr("Delete the sandbox %1? Its checkpoints, snapshots and images go with it. This cannot be undone.")
            .arg(name),
        previewFor(Operation::SandboxRemove, params), tr("Delete %1").arg(name), this);
    dialog->setObjectName(QStringLiteral("confirmDeleteDialog"));
    dialog->setDestructive(true);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, name, params] {
        runOperation(Operation::SandboxRemove, name, params, tr("Could not delete the sandbox %1").arg(name));
    });
    dialog->open();
}

void SandboxesPage::openPullDialog()
{
    const QString name = selectedSandbox();
    if (name.isEmpty())
        return;
    QStringList suggestions;
    for (const QString& language : AppSettings::languages())
        suggestions << m_context->settings()->image(language);
    suggestions.removeDuplicates();
    auto* dialog = new PullImageDialog(m_context->runner(), name, suggestions, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PullImageDialog::pullFinished, m_refresher, &SandboxRefresher::refresh);
    dialog->open();
}

void SandboxesPage::openImagesDialog()
{
    const QString name = selectedSandbox();
    if (name.isEmpty())
        return;
    auto* dialog = new ImagesDialog(m_context->runner(), name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace k8::app
