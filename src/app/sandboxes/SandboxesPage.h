// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Operation.h"
#include "policy/EgressRules.h"

#include <QHash>
#include <QVariantMap>
#include <QWidget>

#include <memory>

class QAction;
class QLineEdit;
class QMenu;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

class AppContext;
class SandboxRefresher;

namespace Ui {
class SandboxesPage;
}

// The "Sandboxes" page: the list (with a status dot, filter and sorting), its actions in a
// toolbar, context menu and shortcuts, and an empty state that offers the code sandbox setup.
// Each action's tooltip shows the exact command for the selected sandbox; dialogs show it too.
class SandboxesPage : public QWidget
{
    Q_OBJECT
public:
    // When the page's widgets (its form, header, filter, toolbar, table) are made. The list's
    // model, the refresher, the actions (the menus and shortcuts use them) and the context menu
    // are made in the constructor either way.
    enum class Widgets
    {
        Now,
        // At buildWidgets(): the main window's start page may be another one, and making widgets
        // no one sees delayed the first paint (bench/README.md, bench_startup).
        WhenFirstNeeded
    };

    explicit SandboxesPage(AppContext* context, QWidget* parent = nullptr);
    SandboxesPage(AppContext* context, Widgets widgets, QWidget* parent = nullptr);
    ~SandboxesPage() override;

    // Makes the page's widgets if they were not yet (once). Everything below that needs them
    // makes them first: view(), filterEdit(), prepareTable(), selectSandbox().
    void buildWidgets();
    bool hasWidgets() const { return m_hasWidgets; }

    kosa8::SandboxListModel* model() const { return m_model; }
    SandboxRefresher* refresher() const { return m_refresher; }
    // The table, its model and columns set up now if they were not yet (prepareTable()).
    QTableView* view();
    QLineEdit* filterEdit();
    QSortFilterProxyModel* proxy() const { return m_proxy; }

    // Actions, for the main window's menus and for tests.
    QAction* createAction() const { return m_create; }
    QAction* startAction() const { return m_start; }
    QAction* stopAction() const { return m_stop; }
    QAction* removeAction() const { return m_remove; }
    QAction* pullAction() const { return m_pull; }
    QAction* imagesAction() const { return m_images; }
    QAction* timelineAction() const { return m_timeline; }
    QAction* refreshAction() const { return m_refresh; }
    QAction* setupAction() const { return m_setup; }
    QAction* egressAction() const { return m_egress; }
    QList<QAction*> sandboxActions() const;

    QString selectedSandbox() const;
    void selectSandbox(const QString& name);
    // True while the empty-state panel ("Set up a code sandbox") is shown (false while the page
    // has no widgets).
    bool isShowingEmptyState() const;
    // Empty while the page has no widgets.
    QString statusLineText() const;

    // Gives the table its model, sorting and column widths, once. The table is not in
    // the first frame (the page waits for `sandbox ls`), and measuring its header (every column's
    // title in a bold font) took time before the first paint (bench/README.md, bench_startup):
    // AppComposition calls this right after the first paint; the page itself before the table is
    // first shown or a sandbox is selected, whichever comes first. The list's model (model(),
    // proxy()) exists from the start. Makes the page's widgets first if need be (buildWidgets()).
    void prepareTable();
    bool isTablePrepared() const { return m_tablePrepared; }

public Q_SLOTS:
    void openCreateDialog();
    void startSelected();
    void stopSelected();
    void confirmRemoveSelected();
    void openPullDialog();
    void openImagesDialog();
    // The policy editor for the selected sandbox (diff, confirmation, `sandbox egress`).
    void openEgressEditor();
    // Opens the editor for `sandbox` with `entry` added: "allow this host" from a review. Nothing
    // is applied before the person confirms the diff. Returns false when the sandbox is unknown.
    bool openEgressEditorWithEntry(const QString& sandbox, const QString& entry, const QString& note);

Q_SIGNALS:
    // The setup wizard lives elsewhere (setup/); the main window opens it.
    void setupRequested();
    // "Timeline…" on a sandbox; the main window shows the timeline page.
    void timelineRequested(const QString& sandbox);
    // A sandbox operation started by this page finished (for tests and the status bar).
    void operationFinished(const k8::kosa8::JobResult& result);

private:
    // The create dialog; after a refusal by kosa8 it opens again with what was chosen.
    void openCreateDialogWith(const QString& name, const policy::EgressRules& rules,
                              const QStringList& mounts, const QString& refusal);
    void buildActions();
    void buildLayout();
    void buildEmptyState();
    // The empty state's pictures and styled button, when it is first shown: at start the page
    // waits for `sandbox ls`, and drawing them before the first paint cost start-up time
    // (bench/README.md, bench_startup).
    void dressEmptyState();
    void updateActions();
    void updateState();
    // updateState() without the actions: which of the stack's states shows, the status line.
    void showListState();
    void showContextMenu(const QPoint& position);
    void runOperation(kosa8::Operation op, const QString& sandbox, const QVariantMap& params,
                      const QString& failureTitle, const QString& selectAfter = {});
    QString previewFor(kosa8::Operation op, const QVariantMap& params) const;

    // The fixed layout (ui/sandboxes/SandboxesPage.ui): toolbar, the table, the empty and waiting
    // states, the status line. The header, the actions and the table's model are set up in code.
    std::unique_ptr<Ui::SandboxesPage> m_ui;
    AppContext* m_context;
    kosa8::SandboxListModel* m_model;
    SandboxRefresher* m_refresher;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter = nullptr; // made with the page's widgets (buildWidgets())
    QTimer* m_statusTimer;
    QMenu* m_contextMenu;
    QAction* m_create = nullptr;
    QAction* m_start = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_remove = nullptr;
    QAction* m_pull = nullptr;
    QAction* m_images = nullptr;
    QAction* m_timeline = nullptr;
    QAction* m_refresh = nullptr;
    QAction* m_setup = nullptr;
    QAction* m_egress = nullptr;
    QAction* m_copyName = nullptr;
    bool m_hasWidgets = false; // buildWidgets() has made them (m_filter is its first)
    bool m_tablePrepared = false;
    // Sandboxes with an operation in flight -> what is happening ("Starting…").
    QHash<QString, QString> m_busy;
    bool m_emptyStateDressed = false;
    int m_emptyStateIndex = 0; // its place in the stack, where dressEmptyState() puts it back
};

} // namespace k8::app
