// SPDX-License-Identifier: Apache-2.0
#include "commandlog/CommandLogPage.h"

#include "commandlog/CommandLogModel.h"
#include "style/Style.h"
#include "widgets/ClearButton.h"
#include "widgets/PageHeader.h"
#include "widgets/PlainText.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace k8::app {

namespace {

// Text filter on the command plus, when asked, hiding the routine refreshes.
class CommandLogFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setHideRoutine(bool hide)
    {
        m_hideRoutine = hide;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override
    {
        if (m_hideRoutine &&
            sourceModel()->index(sourceRow, 0, sourceParent).data(CommandLogModel::RoutineRole).toBool())
            return false;
        return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
    }

private:
    bool m_hideRoutine = false;
};

} // namespace

CommandLogPage::CommandLogPage(CommandLogModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new CommandLogFilter(this))
    , m_showRoutine(new QCheckBox(tr("Show list refreshes"), this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTableView(this))
    , m_details(new QPlainTextEdit(this))
    , m_copy(new QPushButton(tr("Copy command"), this))
    , m_clear(new QPushButton(tr("Clear"), this))
{
    setObjectName(QStringLiteral("commandLogPage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(10);

    auto* header = new PageHeader(
        tr("Command log"), tr("Every kosa8 command kosa8 Desk ran, with its exit code and output."), this);
    header->addWidget(m_showRoutine);
    header->addWidget(m_filter);
    header->addWidget(m_copy);
    header->addWidget(m_clear);
    layout->addWidget(header);

    m_filter->setObjectName(QStringLiteral("commandLogFilter"));
    m_filter->setPlaceholderText(tr("Filter commands"));
    setClearButton(m_filter);
    m_filter->setAccessibleName(tr("Filter commands"));
    m_filter->setMaximumWidth(260);
    m_copy->setObjectName(QStringLiteral("commandLogCopy"));
    m_copy->setIcon(style::icon(QStringLiteral("copy"), QStringLiteral("edit-copy")));
    m_copy->setAccessibleName(tr("Copy selected command"));
    m_copy->setToolTip(tr("Copy the selected command so it can be pasted into a terminal"));
    m_clear->setObjectName(QStringLiteral("commandLogClear"));
    m_clear->setAccessibleName(tr("Clear the command log"));

    m_proxy->setSourceModel(model);
    m_proxy->setFilterKeyColumn(CommandLogModel::CommandColumn);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_showRoutine->setObjectName(QStringLiteral("commandLogShowRoutine"));
    // The app re-reads lists all the time (sandboxes, checkpoints, snapshots, images, the audit
    // log): shown by default they buried the commands that changed something.
    m_showRoutine->setChecked(false);
    static_cast<CommandLogFilter*>(m_proxy)->setHideRoutine(true);
    m_showRoutine->setToolTip(tr("Also show the list and status reads that succeeded (sandbox ls, sandbox "
                                 "images, checkpoint ls, snapshot ls, audit ls, version); failed ones are "
                                 "always shown"));
    connect(m_showRoutine, &QCheckBox::toggled, this,
            [this](bool show) { static_cast<CommandLogFilter*>(m_proxy)->setHideRoutine(!show); });

    m_view->setObjectName(QStringLiteral("commandLogView"));
    m_view->setAccessibleName(tr("Commands run"));
    m_view->setModel(m_proxy);
    // A command holds the agent's code and a failure kosa8's stderr: tooltips show them as text.
    m_view->setItemDelegate(new PlainToolTipDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setTabKeyNavigation(false); // Tab leaves the table for the next control
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setSectionResizeMode(CommandLogModel::CommandColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(CommandLogModel::TimeColumn,
                                                     QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CommandLogModel::DurationColumn,
                                                     QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CommandLogModel::ResultColumn,
                                                     QHeaderView::ResizeToContents);
    auto* copyAction = new QAction(tr("Copy command"), m_view);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetShortcut);
    connect(copyAction, &QAction::triggered, this, &CommandLogPage::copySelectedCommand);
    m_view->addAction(copyAction);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_details->setObjectName(QStringLiteral("commandLogDetails"));
    m_details->setAccessibleName(tr("Command output"));
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_details->setPlaceholderText(tr("Select a command to see its output."));
    style::makeMonospace(m_details);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(
        QStringLiteral("commandLogSplitter")); // its position is kept (mainwindow/WindowState)
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CommandLogPage::showSelected);
    connect(m_copy, &QPushButton::clicked, this, &CommandLogPage::copySelectedCommand);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_model->clear();
        m_details->clear();
    });
    // Keep the details of the selected entry live (a running command finishing).
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& topLeft) {
        if (topLeft.row() == selectedSourceRow())
            showSelected();
    });
    // Follow new commands while the view is scrolled to the bottom.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this] {
        QScrollBar* bar = m_view->verticalScrollBar();
        if (bar->value() >= bar->maximum() - 2)
            m_view->scrollToBottom();
    });
    showSelected();
}

int CommandLogPage::selectedSourceRow() const
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

QString CommandLogPage::selectedCommand() const
{
    const CommandLogModel::Entry* entry = m_model->entryAt(selectedSourceRow());
    return entry ? entry->preview : QString();
}

void CommandLogPage::copySelectedCommand()
{
    const QString command = selectedCommand();
    if (!command.isEmpty())
        QApplication::clipboard()->setText(command);
}

void CommandLogPage::selectRow(int sourceRow)
{
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(sourceRow, 0));
    if (index.isValid())
        m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                             QItemSelectionModel::Rows);
}

void CommandLogPage::showSelected()
{
    const CommandLogModel::Entry* entry = m_model->entryAt(selectedSourceRow());
    m_copy->setEnabled(entry != nullptr);
    if (!entry) {
        m_details->clear();
        return;
    }
    m_details->setPlainText(CommandLogModel::detailsText(*entry));
}

} // namespace k8::app
