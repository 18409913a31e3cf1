// SPDX-License-Identifier: Apache-2.0
#include "mainwindow/MainWindow.h"

#include "about/AboutDialog.h"
#include "commandlog/CommandLogModel.h"
#include "commandlog/CommandLogPage.h"
#include "firststart/FirstStartPage.h"
#include "health/HealthMonitor.h"
#include "health/HealthPanel.h"
#include "history/HistoryPage.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/SandboxListModel.h"
#include "mainwindow/WindowState.h"
#include "plumbing/AppContext.h"
#include "plumbing/AppSettings.h"
#include "plumbing/Logging.h"
#include "profiles/ProfileSwitcher.h"
#include "profiles/TokenPrompt.h"
#include "sandboxes/SandboxRefresher.h"
#include "sandboxes/SandboxesPage.h"
#include "settings/LangGraphStatusButton.h"
#include "settings/SettingsDialog.h"
#include "setup/CodeSandboxSetup.h"
#include "setup/SetupDialog.h"
#include "style/Appearance.h"
#include "style/Style.h"
#include "timeline/TimelineLoader.h"
#include "timeline/TimelineModel.h"
#include "timeline/TimelinePage.h"
#include "timeline/TimelineStore.h"
#include "timeline/TimelineView.h"
#include "widgets/MessageArea.h"
#include "widgets/MessageBox.h"
#include "widgets/PageHeader.h"
#include "widgets/ReadingOrder.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QWindow>

#include <utility>

namespace k8::app {

MainWindow::MainWindow(AppContext* context, QWidget* parent)
    : QMainWindow(parent)
    , m_context(context)
    , m_commandLog(new CommandLogModel(this))
    , m_health(new HealthMonitor(context, this))
    , m_navigation(new QListWidget(this))
    , m_pages(new QStackedWidget(this))
    // Its widgets when the page is first shown (ensurePage()): at start unless the person left the
    // window on another page, then one event-loop turn after the first paint
    // (AppComposition::show()) or when first needed.
    , m_sandboxesPage(new SandboxesPage(context, SandboxesPage::Widgets::WhenFirstNeeded, this))
    , m_healthPanel(new HealthPanel(m_health, this))
    , m_messageArea(new MessageArea(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("kosa8 Desk"));
    setWindowIcon(style::icon(QStringLiteral("kosa8-desk")));
    m_commandLog->attach(context->runner());

    auto* central = new QWidget(this);
    auto* row = new QHBoxLayout(central);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(0);
    row->addWidget(buildSidebar());

    auto* content = new QWidget(central);
    content->setObjectName(QStringLiteral("contentArea"));
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(20, 16, 20, 10);
    column->setSpacing(10);
    column->addWidget(m_healthPanel);
    column->addWidget(m_messageArea);
    m_inboxPage = m_inboxPlaceholder = buildInboxPlaceholder();
    m_pages->addWidget(m_inboxPage);
    m_pages->addWidget(m_sandboxesPage);
    // Empty stand-ins until each page is first shown (ensurePage()).
    for (int i = int(Page::CommandLog); i <= int(Page::FirstStart); ++i)
        m_pages->addWidget(new QWidget(m_pages));
    column->addWidget(m_pages, 1);
    row->addWidget(content, 1);
    setCentralWidget(central);

    buildMenus();
    buildStatusBar();

    connect(context, &AppContext::messagePosted, m_messageArea, &MessageArea::post);
    connect(context, &AppContext::messageCleared, m_messageArea, &MessageArea::clearKey);
    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int index) {
        if (index < 0)
            return;
        ensurePage(Page(index));
        m_pages->setCurrentIndex(index);
        updateFirstStart();
        if (m_windowState)
            m_windowState->setLastPage(index);
    });
    followNavigationSelection();
    connect(m_sandboxesPage, &SandboxesPage::setupRequested, this, &MainWindow::openSetup);
    connect(m_sandboxesPage, &SandboxesPage::timelineRequested, this,
            [this](const QString& sandbox) { showTimeline(sandbox); });
    connect(m_healthPanel, &HealthPanel::settingsRequested, this, &MainWindow::openSettings);
    // When kosa8 comes back (Retry, new settings), the list should not wait out its back-off.
    connect(m_health, &HealthMonitor::stateChanged, this, [this](HealthMonitor::State state) {
        const bool usable = state == HealthMonitor::State::Ok || state == HealthMonitor::State::NoServer;
        if (m_monitoring && usable && m_healthWasProblem)
            m_sandboxesPage->refresher()->refresh();
        m_healthWasProblem = m_health->isProblem();
    });
    // After the health panel's own connections, so that it is hidden again on the first-start page.
    connect(m_health, &HealthMonitor::checked, this, &MainWindow::updateFirstStart);
    connect(m_health, &HealthMonitor::stateChanged, this, &MainWindow::updateFirstStart);

    // The size, place, page and splitters the person left, before the window is first shown;
    // Sandboxes the first time: it is what there is to do until an agent asks for something.
    resize(1180, 760);
    m_windowState = new WindowState(context->settings(), this);
    m_windowState->restoreGeometry();
    const int lastPage = m_windowState->lastPage();
    showPage(lastPage >= 0 && lastPage <= int(Page::History) ? Page(lastPage) : Page::Sandboxes);
    m_windowState->trackSplitters(this);
}

MainWindow::~MainWindow() = default;

TimelinePage* MainWindow::timelinePage()
{
    ensurePage(Page::Timeline);
    return m_timelinePage;
}

HistoryPage* MainWindow::historyPage()
{
    ensurePage(Page::History);
    return m_historyPage;
}

CommandLogPage* MainWindow::commandLogPage()
{
    ensurePage(Page::CommandLog);
    return m_commandLogPage;
}

void MainWindow::ensurePage(Page page)
{
    QWidget* built = nullptr;
    switch (page) {
    case Page::Inbox:
        if (m_buildInboxPage)
            std::exchange(m_buildInboxPage, {})();
        else
            fillInboxPlaceholder();
        return;
    case Page::Sandboxes:
        m_sandboxesPage->buildWidgets();
        return;
    case Page::CommandLog:
        if (m_commandLogPage)
            return;
        built = m_commandLogPage = new CommandLogPage(m_commandLog, this);
        break;
    case Page::Timeline:
        if (m_timelinePage)
            return;
        built = m_timelinePage = new TimelinePage(m_context, this);
        m_timelinePage->setSandboxModel(m_sandboxesPage->model());
        break;
    case Page::History:
        if (m_historyPage)
            return;
        built = m_historyPage = new HistoryPage(m_context, this);
        connect(
            m_historyPage, &HistoryPage::showOnTimelineRequested, this,
            [this](const QString& sandbox, const QString& requestId) { showTimeline(sandbox, requestId); });
        connect(m_historyPage, &HistoryPage::showRequestRequested, this, &MainWindow::showRequestRequested);
        break;
    case Page::FirstStart:
        if (m_firstStartPage)
            return;
        built = buildFirstStartPage();
        break;
    }
    const int index = int(page);
    QWidget* standIn = m_pages->widget(index);
    const bool wasCurrent = m_pages->currentIndex() == index;
    m_pages->insertWidget(index, built);
    m_pages->removeWidget(standIn);
    standIn->deleteLater();
    if (wasCurrent)
        m_pages->setCurrentIndex(index);
    m_windowState->trackSplitters(built);
}

void MainWindow::setAppearance(style::Appearance* appearance)
{
    using Choice = style::Appearance::Choice;
    const QString key = QStringLiteral("appearance");
    appearance->setChoice(style::Appearance::fromKey(m_context->settings()->windowValue(key).toString()));
    m_viewMenu->addSeparator();
    QMenu* menu = m_viewMenu->addMenu(tr("&Appearance"));
    auto* group = new QActionGroup(menu);
    const QList<QPair<QString, Choice>> choices = {{tr("Follow the &system"), Choice::System},
                                                   {tr("&Light"), Choice::Light},
                                                   {tr("&Dark"), Choice::Dark}};
    for (const auto& [text, choice] : choices) {
        QAction* action = menu->addAction(text);
        action->setCheckable(true);
        action->setChecked(appearance->choice() == choice);
        action->setObjectName(QStringLiteral("appearance-") + style::Appearance::keyOf(choice));
        group->addAction(action);
        connect(action, &QAction::triggered, appearance,
                [appearance, choice = choice] { appearance->setChoice(choice); });
    }
    connect(appearance, &style::Appearance::choiceChanged, this,
            [this, key](style::Appearance::Choice choice) {
                m_context->settings()->setWindowValue(key, style::Appearance::keyOf(choice));
            });
}

bool MainWindow::focusNextPrevChild(bool next)
{
    // Tab in reading order: the sidebar, the page as laid out now, then the status bar
    // (widgets/ReadingOrder.h says why not Qt's creation order).
    return readingOrder::moveFocus({centralWidget(), statusBar()}, next) ||
           QMainWindow::focusNextPrevChild(next);
}

QWidget* MainWindow::buildSidebar()
{
    auto* sidebar = new QWidget(this);
    sidebar->setObjectName(QStringLiteral("sidebar"));
    sidebar->setFixedWidth(210);
    sidebar->setAutoFillBackground(true);
    // A shade off the window colour, so the sidebar reads as a column in light and dark themes
    // (set again when the theme changes: a palette set on a widget keeps its colour otherwise).
    style::followPalette(sidebar, [sidebar] {
        const QPalette application = QApplication::palette();
        const QColor window = application.color(QPalette::Window);
        QPalette palette; // only Window set: the rest is inherited, so it follows the theme
        palette.setColor(QPalette::Window,
                         style::isDark(application) ? window.lighter(125) : window.darker(106));
        sidebar->setPalette(palette);
    });

    auto* layout = new QVBoxLayout(sidebar);
    layout->setContentsMargins(12, 16, 12, 12);
    layout->setSpacing(14);
    auto* brand = new QHBoxLayout;
    auto* logo = new QLabel(sidebar);
    style::showIcon(logo, style::icon(QStringLiteral("kosa8-desk")), 32);
    brand->addWidget(logo);
    auto* name = new QLabel(tr("kosa8 Desk"), sidebar);
    QFont brandFont = name->font();
    brandFont.setBold(true);
    brandFont.setPointSizeF(brandFont.pointSizeF() * 1.25);
    name->setFont(brandFont);
    brand->addWidget(name, 1);
    layout->addLayout(brand);

    m_navigation->setObjectName(QStringLiteral("navigation"));
    m_navigation->setAccessibleName(tr("Navigation"));
    m_navigation->setFrameShape(QFrame::NoFrame);
    m_navigation->setIconSize(QSize(20, 20));
    m_navigation->setFocusPolicy(Qt::StrongFocus);
    style::followPalette(m_navigation, [this] {
        // The selected entry's text: white on the light theme's deep accent, the Base colour on
        // the dark theme's light one (its icon the same, style::icon).
        const QColor selectedText = style::textOn(style::accentColor());
        m_navigation->setStyleSheet(
            QStringLiteral("QListWidget { background: transparent; }"
                           "QListWidget::item { padding: 8px 6px; border-radius: 6px; }"
                           "QListWidget::item:selected { background: %1; color: %2; }")
                .arg(style::accentColor().name(), selectedText.name()));
    });
    m_navigation->setAccessibleDescription(tr("The pages of kosa8 Desk; selecting one shows it."));
    auto add = [this](const QString& text, const QString& description, const QString& iconName,
                      const QString& themeIcon) {
        auto* item = new QListWidgetItem(style::icon(iconName, themeIcon), text, m_navigation);
        item->setData(Qt::AccessibleTextRole, text);
        item->setData(Qt::AccessibleDescriptionRole, description);
        item->setToolTip(description);
        return item;
    };
    add(tr("Inbox"), tr("Requests from agents waiting for your decision"), QStringLiteral("inbox"),
        QStringLiteral("mail-inbox"));
    add(tr("Sandboxes"), tr("The kosa8 sandboxes, their state and egress"), QStringLiteral("sandbox"),
        QStringLiteral("computer"));
    add(tr("Command log"), tr("Every kosa8 command the app ran"), QStringLiteral("log"),
        QStringLiteral("utilities-terminal"));
    add(tr("Timeline"), tr("A sandbox's checkpoints and runs"), QStringLiteral("timeline"),
        QStringLiteral("document-open-recent"));
    add(tr("History"), tr("Every decision in the ledger"), QStringLiteral("history"),
        QStringLiteral("document-open-recent"));
    // "Get started" (Page::FirstStart) is added last, and only while kosa8 is missing
    // (setFirstStartEntryShown()).
    layout->addWidget(m_navigation, 1);
    return sidebar;
}

QWidget* MainWindow::buildInboxPlaceholder()
{
    auto* page = new QWidget(this);
    page->setObjectName(QStringLiteral("inboxPlaceholder"));
    return page;
}

void MainWindow::fillInboxPlaceholder()
{
    QWidget* page = m_inboxPlaceholder;
    if (!page || page != m_inboxPage || page->layout())
        return;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(
        new PageHeader(tr("Inbox"), tr("Requests from agents wait here for your decision."), page));
    layout->addStretch(2);
    auto* icon = new QLabel(page);
    style::showIcon(icon, style::icon(QStringLiteral("inbox"), QStringLiteral("mail-inbox")), 64);
    icon->setAlignment(Qt::AlignCenter);
    layout->addWidget(icon);
    auto* text =
        new QLabel(tr("No agent requests. When an agent asks to run code, it appears here for you to "
                      "review, edit, approve or reject."),
                   page);
    text->setWordWrap(true);
    text->setAlignment(Qt::AlignCenter);
    layout->addWidget(text);
    layout->addStretch(3);
}

FirstStartPage* MainWindow::buildFirstStartPage()
{
    m_firstStartPage = new FirstStartPage(m_context->runner(), this);
    // The choices go into the connection profiles: the active profile's executable, or a new
    // remote profile (its token in the secret store) made active; both re-check kosa8's health.
    connect(m_firstStartPage, &FirstStartPage::executableChosen, m_context, &AppContext::useExecutable);
    connect(m_firstStartPage, &FirstStartPage::remoteProfileRequested, this,
            [this](const QString& name, const QString& host, const QString& token) {
                QString error;
                UserMessage message;
                if (m_context->addRemoteProfile(name, host, token, &error)) {
                    message.severity = UserMessage::Severity::Info;
                    message.title = tr("Remote worker “%1” added").arg(name);
                    message.text = tr("kosa8 now connects to %1.").arg(host);
                } else {
                    message.severity = UserMessage::Severity::Error;
                    message.title = tr("The remote worker “%1” was not added").arg(name);
                    message.text = error;
                }
                m_context->postMessage(message);
            });
    connect(m_firstStartPage, &FirstStartPage::setupRequested, this, &MainWindow::openSetup);
    connect(m_firstStartPage, &FirstStartPage::sandboxesRequested, this,
            [this] { showPage(Page::Sandboxes); });
    connect(m_firstStartPage, &FirstStartPage::inboxRequested, this, [this] { showPage(Page::Inbox); });
    return m_firstStartPage;
}

void MainWindow::updateFirstStart()
{
    const HealthMonitor::State state = m_health->state();
    const bool answered = state != HealthMonitor::State::Unknown && state != HealthMonitor::State::Checking;
    const bool firstAnswer = answered && !m_healthAnswered;
    m_healthAnswered = m_healthAnswered || answered;
    if (state == HealthMonitor::State::Missing) {
        ensurePage(Page::FirstStart);
        const QString tried = m_health->configuredExecutable();
        m_firstStartPage->setMissing(tried);
        setFirstStartEntryShown(true);
        // At start only: later (a bad path in the settings) the entry appears, the page stays.
        if (firstAnswer)
            showPage(Page::FirstStart);
    } else if (m_firstStartPage && answered) {
        if (m_health->isProblem())
            m_firstStartPage->setNotAnswering(m_health->summary());
        else
            m_firstStartPage->setFound(m_health->summary(), state == HealthMonitor::State::Ok);
        if (currentPage() != Page::FirstStart)
            setFirstStartEntryShown(false);
    }
    updateHealthPanelVisibility();
}

void MainWindow::setFirstStartEntryShown(bool shown)
{
    // Added and removed rather than hidden: Home and End in a list view go to hidden rows too.
    const int row = int(Page::FirstStart);
    const bool present = m_navigation->count() > row;
    if (shown && !present) {
        auto* entry = new QListWidgetItem(style::icon(QStringLiteral("setup"), QStringLiteral("system-run")),
                                          tr("Get started"), m_navigation);
        entry->setData(Qt::AccessibleTextRole, tr("Get started: connect kosa8"));
        const QString description = tr("How to connect kosa8: an executable or a remote worker");
        entry->setData(Qt::AccessibleDescriptionRole, description);
        entry->setToolTip(description);
    } else if (!shown && present) {
        delete m_navigation->takeItem(row);
    }
}

void MainWindow::updateHealthPanelVisibility()
{
    // Only "not found": what else goes wrong (kosa8 not answering) is told with its details there.
    const bool missing = m_health->state() == HealthMonitor::State::Missing;
    m_healthPanel->setVisible(m_health->isProblem() && !(missing && currentPage() == Page::FirstStart));
}

void MainWindow::setInboxPage(QWidget* page)
{
    if (!page || page == m_inboxPage)
        return;
    m_buildInboxPage = {};
    const bool wasCurrent = currentPage() == Page::Inbox;
    QWidget* old = m_inboxPage;
    m_pages->insertWidget(int(Page::Inbox), page);
    if (old) {
        m_pages->removeWidget(old);
        old->deleteLater();
    }
    m_inboxPage = page;
    if (wasCurrent)
        m_pages->setCurrentIndex(int(Page::Inbox));
    m_windowState->trackSplitters(page);
}

void MainWindow::setInboxCount(int pending)
{
    m_pendingCount = pending;
    QListWidgetItem* item = m_navigation->item(int(Page::Inbox));
    const QString text = pending > 0 ? tr("Inbox (%1)").arg(pending) : tr("Inbox");
    item->setText(text);
    item->setData(Qt::AccessibleTextRole,
                  pending > 0 ? tr("Inbox, waiting requests: %1").arg(pending) : tr("Inbox"));
    QFont font = item->font();
    font.setBold(pending > 0);
    item->setFont(font);
    setWindowTitle(pending > 0 ? tr("kosa8 Desk (%1 waiting)").arg(pending) : tr("kosa8 Desk"));
}

void MainWindow::followNavigationSelection()
{
    QItemSelectionModel* selection = m_navigation->selectionModel();
    connect(selection, &QItemSelectionModel::selectionChanged, this,
            [this, selection](const QItemSelection& selected) {
                if (!selected.isEmpty()) {
                    const int row = selected.indexes().constLast().row();
                    if (row != m_navigation->currentRow())
                        m_navigation->setCurrentRow(row); // ClearAndSelect: one row stays selected
                    return;
                }
                // Nothing selected (a toggle on the selected entry, or selectRow's clear before it
                // selects): the current page stays, and so does its entry's selection once the
                // selection has settled.
                QTimer::singleShot(0, this, [this, selection] {
                    if (!selection->hasSelection() && m_navigation->currentRow() >= 0)
                        selection->select(m_navigation->currentIndex(), QItemSelectionModel::ClearAndSelect);
                });
            });
}

void MainWindow::showPage(Page page)
{
    m_navigation->setCurrentRow(int(page));
}

MainWindow::Page MainWindow::currentPage() const
{
    return Page(m_pages->currentIndex());
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* settings =
        file->addAction(style::icon(QStringLiteral("settings"), QStringLiteral("preferences-system")),
                        tr("&Settings…"), this, &MainWindow::openSettings);
    // The platform's Preferences key is empty on some desktops: Ctrl+, everywhere as well.
    QList<QKeySequence> settingsKeys = QKeySequence::keyBindings(QKeySequence::Preferences);
    if (!settingsKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Comma)))
        settingsKeys << QKeySequence(Qt::CTRL | Qt::Key_Comma);
    settings->setShortcuts(settingsKeys);
    settings->setObjectName(QStringLiteral("settingsAction"));
    // Standing rules decide without asking: where to see, switch off and delete them.
    m_rulesAction = file->addAction(tr("Standing &rules…"), this, &MainWindow::rulesRequested);
    m_rulesAction->setObjectName(QStringLiteral("rulesAction"));
    // Not Ctrl+Shift+R: that rewinds on the timeline.
    m_rulesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U));
    m_rulesAction->setToolTip(tr("See, switch off and delete the rules that decide without asking you"));
    file->addAction(tr("Open &data folder"), this,
                    [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_context->dataDir())); });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, [this] {
        if (confirmQuit())
            m_context->requestShutdown(QStringLiteral("Quit"));
    });
    quit->setShortcut(QKeySequence::Quit);
    quit->setObjectName(QStringLiteral("quitAction"));

    QMenu* view = m_viewMenu = menuBar()->addMenu(tr("&View"));
    const QList<QPair<QString, Page>> pages = {{tr("&Inbox"), Page::Inbox},
                                               {tr("&Sandboxes"), Page::Sandboxes},
                                               {tr("&Command log"), Page::CommandLog},
                                               {tr("&Timeline"), Page::Timeline},
                                               {tr("&History"), Page::History}};
    int number = 1;
    for (const auto& [text, page] : pages) {
        QAction* action = view->addAction(text, this, [this, page = page] { showPage(page); });
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + number)));
        ++number;
    }

    QMenu* sandboxes = menuBar()->addMenu(tr("&Sandboxes"));
    for (QAction* action : m_sandboxesPage->sandboxActions()) {
        if (action == m_sandboxesPage->setupAction() || action == m_sandboxesPage->refreshAction())
            sandboxes->addSeparator();
        sandboxes->addAction(action);
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Open &log folder"), this, [this] {
        QDesktopServices::openUrl(
            QUrl::fromLocalFile(QFileInfo(logFilePath(m_context->dataDir())).absolutePath()));
    });
    QAction* recheck = help->addAction(tr("Check &kosa8 again"), m_health, &HealthMonitor::check);
    recheck->setObjectName(QStringLiteral("recheckAction"));
    help->addSeparator();
    help->addAction(tr("&About kosa8 Desk"), this, &MainWindow::openAbout);
}

void MainWindow::showLangGraphServers(agent::langgraph::LangGraphServers* servers)
{
    auto* button = new LangGraphStatusButton(servers, this);
    // At the right end, after the connection profile: the last thing added to the status bar.
    statusBar()->addPermanentWidget(button);
    connect(button, &LangGraphStatusButton::settingsRequested, this, &MainWindow::openSettings);
}

void MainWindow::buildStatusBar()
{
    m_healthIndicator = new HealthIndicator(m_health, this);
    statusBar()->addWidget(m_healthIndicator);
    // The active connection profile; switching it re-points the runner, the health check and
    // the sandbox list (AppContext::switchProfile).
    auto* switcher = new ProfileSwitcher(m_context, this);
    statusBar()->addPermanentWidget(switcher);
    connect(switcher, &ProfileSwitcher::editRequested, this, &MainWindow::openSettings);
    installTokenPrompt(m_context->profileSecrets());
    m_runningLabel = new QLabel(this);
    m_runningLabel->setObjectName(QStringLiteral("runningCommands"));
    statusBar()->addPermanentWidget(m_runningLabel);
    m_agentProblemLabel = new QLabel(this);
    m_agentProblemLabel->setObjectName(QStringLiteral("agentProblem"));
    m_agentProblemLabel->setTextFormat(Qt::PlainText);
    m_agentProblemLabel->hide();
    statusBar()->addPermanentWidget(m_agentProblemLabel);
    auto* runner = m_context->runner();
    connect(runner, &kosa8::Kosa8Runner::jobStarted, this, &MainWindow::updateRunningCount);
    // After the runner has forgotten the finished job.
    connect(runner, &kosa8::Kosa8Runner::jobFinished, this,
            [this] { QTimer::singleShot(0, this, &MainWindow::updateRunningCount); });
    updateRunningCount();
}

void MainWindow::updateRunningCount()
{
    const int running = m_context->runner()->runningCount();
    m_runningLabel->setText(running > 0 ? tr("kosa8 commands running: %1").arg(running) : QString());
}

void MainWindow::setAgentProblem(const QString& problem)
{
    // Short in the bar (paths are long), the whole reason in the tooltip and for screen readers.
    m_agentProblemLabel->setText(problem.isEmpty() ? QString() : tr("Agents cannot connect"));
    m_agentProblemLabel->setToolTip(problem);
    m_agentProblemLabel->setAccessibleDescription(problem);
    m_agentProblemLabel->setVisible(!problem.isEmpty());
}

void MainWindow::bringToFront(const QString& activationToken)
{
    // Wayland lets a window take the focus only with the token the launcher gave the second
    // launch; Qt's Wayland plugin reads it from the environment when the window asks.
    if (!activationToken.isEmpty() && QGuiApplication::platformName().startsWith(QLatin1String("wayland")))
        qputenv("XDG_ACTIVATION_TOKEN", activationToken.toLatin1());
    setWindowState((windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
    show();
    raise();
    activateWindow();
    if (QWindow* handle = windowHandle())
        handle->requestActivate();
}

void MainWindow::startMonitoring()
{
    if (m_monitoring)
        return;
    m_monitoring = true;
    m_health->check();
    m_sandboxesPage->refresher()->start();
}

void MainWindow::openSettings()
{
    auto* dialog = new SettingsDialog(m_context, this);
    dialog->setSandboxModel(m_sandboxesPage->model());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openAbout()
{
    auto* dialog = new AboutDialog(m_health->summary(), m_context->dataDir(),
                                   m_agentSocketStatus ? m_agentSocketStatus() : QString(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::openSetup()
{
    const QString python = m_context->settings()->image(QStringLiteral("python"));
    auto* setup = new CodeSandboxSetup(m_context->runner(), CodeSandboxSetup::DefaultSandbox, python,
                                       CodeSandboxSetup::DefaultLabel);
    setup->setSandboxExists(m_sandboxesPage->model()->find(CodeSandboxSetup::DefaultSandbox) != nullptr);
    auto* dialog = new SetupDialog(setup, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Each step changes what `sandbox ls` shows.
    connect(setup, &CodeSandboxSetup::stepChanged, m_sandboxesPage->refresher(), [this, setup](int index) {
        if (setup->steps().at(index).state == CodeSandboxSetup::StepState::Done)
            m_sandboxesPage->refresher()->refresh();
    });
    connect(setup, &CodeSandboxSetup::finished, this, [this](bool ok) {
        if (!ok)
            return;
        m_sandboxesPage->selectSandbox(CodeSandboxSetup::DefaultSandbox);
        // The set-up's checkpoint is the sandbox's base, unless the person chose another.
        timeline::TimelineStore* store = timelinePage()->store();
        QString error;
        if (store->baseCheckpoint(CodeSandboxSetup::DefaultSandbox).isEmpty() &&
            !store->setBaseCheckpoint(CodeSandboxSetup::DefaultSandbox, CodeSandboxSetup::DefaultLabel,
                                      &error)) {
            UserMessage message;
            message.severity = UserMessage::Severity::Warning;
            message.title = tr("The base checkpoint could not be saved");
            message.text = error;
            m_context->postMessage(message);
        }
    });
    dialog->open();
}

void MainWindow::showTimeline(const QString& sandbox, const QString& runRequestId)
{
    showPage(Page::Timeline);
    ensurePage(Page::Timeline);
    m_timelinePage->showSandbox(sandbox, runRequestId);
    m_timelinePage->view()->setFocus();
}

void MainWindow::rewindToBeforeRun(const QString& sandbox, const QString& checkpointLabel)
{
    showTimeline(sandbox);
    // Asked once the timeline is read, so the confirmation can list what the rewind loses.
    auto* once = new QObject(this);
    connect(m_timelinePage->loader(), &timeline::TimelineLoader::loaded, once, [this, once, checkpointLabel] {
        once->deleteLater();
        m_timelinePage->view()->setCurrentRow(m_timelinePage->model()->rowOfCheckpoint(checkpointLabel));
        m_timelinePage->confirmRewindTo(checkpointLabel);
    });
    connect(m_timelinePage->loader(), &timeline::TimelineLoader::failed, once, &QObject::deleteLater);
}

bool MainWindow::confirmQuit()
{
    if (m_pendingCount <= 0)
        return true;
    // A server's interrupts are not answered at quit: they wait there for the next start.
    const int kept = m_keptAtQuitCount ? qBound(0, m_keptAtQuitCount(), m_pendingCount) : 0;
    const int rejected = m_pendingCount - kept;
    MessageBox::Question question;
    question.objectName = QStringLiteral("quitWithPendingQuestion");
    question.title = tr("Quit with requests waiting?");
    QStringList text;
    if (rejected > 0)
        text << tr("%n request(s) from agents wait for your decision. If you quit now, each is rejected "
                   "and its agent is told so (the ledger records it as decided by the shutdown).",
                   nullptr, rejected);
    if (kept > 0)
        text << tr("%n interrupt(s) of LangGraph servers wait for your decision. They are not answered: "
                   "they stay pending on their servers and are back in the inbox at the next start.",
                   nullptr, kept);
    question.text = text.join(QLatin1Char(' '));
    question.acceptText = rejected > 0 ? tr("&Quit and reject them") : tr("&Quit");
    question.destructive = rejected > 0;
    return MessageBox::ask(this, question) == MessageBox::Answer::Accept;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // Closing the window quits the app, through the same path as Quit and SIGTERM so that
    // pending agent requests are answered. The person is asked first when requests wait, unless
    // the desktop session is ending (there is nobody to answer then).
    if (!qApp->isSavingSession() && !confirmQuit()) {
        event->ignore();
        return;
    }
    m_windowState->save();
    event->accept();
    m_context->requestShutdown(QStringLiteral("main window closed"));
}

} // namespace k8::app
