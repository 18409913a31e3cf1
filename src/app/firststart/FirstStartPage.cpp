// SPDX-License-Identifier: Apache-2.0
#include "firststart/FirstStartPage.h"

#include "firststart/ExecutableCard.h"
#include "firststart/RemoteWorkerCard.h"
#include "style/Style.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace k8::app {

namespace {

// The text column stays readable on a wide window, as in the best onboarding screens.
constexpr int MaxContentWidth = 980;

QLabel* plainLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    return label;
}

} // namespace

FirstStartPage::FirstStartPage(const kosa8::Kosa8Runner* appRunner, QWidget* parent)
    : QWidget(parent)
    , m_executable(new ExecutableCard(appRunner))
    , m_remote(new RemoteWorkerCard(appRunner))
{
    setObjectName(QStringLiteral("firstStartPage"));
    setAccessibleName(tr("Get started"));

    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    outer->addWidget(scroll);

    auto* canvas = new QWidget(scroll);
    canvas->setObjectName(QStringLiteral("firstStartCanvas"));
    auto* centring = new QHBoxLayout(canvas);
    centring->setContentsMargins(8, 8, 8, 8);
    auto* column = new QWidget(canvas);
    column->setMaximumWidth(MaxContentWidth);
    centring->addStretch(1);
    centring->addWidget(column, 100);
    centring->addStretch(1);

    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(16);
    // A little above the middle of the page, as onboarding screens sit.
    layout->addStretch(1);
    layout->addWidget(buildIntro());

    auto* cards = new QHBoxLayout;
    cards->setSpacing(16);
    m_executable->setParent(column);
    m_remote->setParent(column);
    cards->addWidget(m_executable, 1);
    cards->addWidget(m_remote, 1);
    layout->addLayout(cards);
    layout->addWidget(buildNextSteps());
    layout->addStretch(2);
    scroll->setWidget(canvas);

    connect(m_executable, &ExecutableCard::executableChosen, this, &FirstStartPage::executableChosen);
    connect(m_executable, &ExecutableCard::workingExecutableChanged, m_remote,
            &RemoteWorkerCard::setClientExecutable);
    connect(m_remote, &RemoteWorkerCard::remoteProfileRequested, this,
            [this](const QString& name, const QString& host, const QString& token) {
                // The worker is reached through the client its Test ran: a client that checked out
                // but was not "used" yet is chosen with it, or the worker would wait for a kosa8
                // that is still not found.
                if (!m_executable->workingExecutable().isEmpty())
                    Q_EMIT executableChosen(m_executable->workingExecutable());
                Q_EMIT remoteProfileRequested(name, host, token);
            });
    setMissing({});
}

QWidget* FirstStartPage::buildIntro()
{
    auto* intro = new QWidget(this);
    auto* layout = new QHBoxLayout(intro);
    layout->setContentsMargins(0, 8, 0, 0);
    layout->setSpacing(16);
    auto* logo = new QLabel(intro);
    logo->setPixmap(style::icon(QStringLiteral("kosa8-desk")).pixmap(64, 64));
    logo->setAlignment(Qt::AlignTop);
    layout->addWidget(logo);
    auto* text = new QVBoxLayout;
    text->setSpacing(6);
    auto* title = plainLabel(tr("Connect kosa8 Desk to kosa8"), intro);
    title->setObjectName(QStringLiteral("firstStartTitle"));
    title->setFont(style::headerFont(title->font()));
    text->addWidget(title);
    text->addWidget(
        plainLabel(tr("kosa8 runs code in sandboxes: small virtual machines with no network "
                      "unless you allow it, checkpointed so that a run can be rewound. kosa8 Desk "
                      "runs what you approve through the kosa8 command line."),
                   intro));
    m_status = plainLabel({}, intro);
    m_status->setObjectName(QStringLiteral("firstStartStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text->addWidget(m_status);
    layout->addLayout(text, 1);
    return intro;
}

QWidget* FirstStartPage::buildNextSteps()
{
    auto* steps = new QWidget(this);
    auto* layout = new QVBoxLayout(steps);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(10);

    auto* setupRow = new QHBoxLayout;
    m_setup = new QPushButton(style::icon(QStringLiteral("setup")), tr("Set up the code sandbox…"), steps);
    m_setup->setObjectName(QStringLiteral("firstStartSetup"));
    m_setup->setAccessibleName(tr("Set up the code sandbox"));
    m_setup->setToolTip(tr("Creates a sandbox with no network, pulls the Python image and checkpoints "
                           "it, once kosa8 works."));
    m_setup->setMinimumHeight(34);
    setupRow->addWidget(m_setup);
    m_sandboxes = new QPushButton(style::icon(QStringLiteral("sandbox")), tr("Go to Sandboxes"), steps);
    m_sandboxes->setObjectName(QStringLiteral("firstStartSandboxes"));
    m_sandboxes->setMinimumHeight(34);
    setupRow->addWidget(m_sandboxes);
    auto* setupNote = plainLabel(tr("Once kosa8 works: a sandbox with no network for agents' code."), steps);
    setupNote->setObjectName(QStringLiteral("firstStartSetupNote"));
    setupRow->addWidget(setupNote, 1);
    layout->addLayout(setupRow);

    auto* inboxRow = new QHBoxLayout;
    // What really happens (RunExecutor): a run approved while kosa8 is missing fails at once and
    // its agent gets the error; nothing is kept to run later.
    m_inboxLine =
        plainLabel(tr("The inbox already works: agents can connect and you review their requests. "
                      "Until kosa8 is there, an approved run fails at once and its agent is told why."),
                   steps);
    m_inboxLine->setObjectName(QStringLiteral("firstStartInbox"));
    inboxRow->addWidget(m_inboxLine, 1);
    m_inbox = new QPushButton(style::icon(QStringLiteral("inbox")), tr("Open the inbox"), steps);
    m_inbox->setObjectName(QStringLiteral("firstStartOpenInbox"));
    m_inbox->setFlat(true);
    inboxRow->addWidget(m_inbox);
    layout->addLayout(inboxRow);

    connect(m_setup, &QPushButton::clicked, this, &FirstStartPage::setupRequested);
    connect(m_sandboxes, &QPushButton::clicked, this, &FirstStartPage::sandboxesRequested);
    connect(m_inbox, &QPushButton::clicked, this, &FirstStartPage::inboxRequested);
    return steps;
}

void FirstStartPage::setMissing(const QString& tried)
{
    m_found = false;
    QString text = tr("kosa8 was not found on this computer.");
    if (!tried.isEmpty())
        text += QLatin1Char(' ') + tr("Looked for: %1").arg(tried);
    FirstStartCard::showResult(m_status, text, false);
    m_setup->setEnabled(false);
    m_sandboxes->hide();
}

void FirstStartPage::setFound(const QString& summary, bool serverAnswered)
{
    const bool wasFound = m_found;
    m_found = true;
    const QString text =
        serverAnswered ? tr("kosa8 found: %1. You are ready to go.").arg(summary)
                       : tr("kosa8 found: %1. Start its daemon (kosa8 daemon start) or add a remote worker.")
                             .arg(summary);
    FirstStartCard::showResult(m_status, text, serverAnswered);
    m_setup->setEnabled(true);
    m_sandboxes->show();
    // The next step, once: later checks (Help > Check kosa8 again) leave the focus alone.
    if (!wasFound && m_setup->isVisible())
        m_setup->setFocus();
}

void FirstStartPage::setNotAnswering(const QString& summary)
{
    m_found = false;
    FirstStartCard::showResult(m_status, tr("%1. What went wrong is shown above.").arg(summary), false);
    m_setup->setEnabled(false);
    m_sandboxes->hide();
}

QString FirstStartPage::statusText() const
{
    return m_status->text();
}

QString FirstStartPage::inboxText() const
{
    return m_inboxLine->text();
}

} // namespace k8::app
