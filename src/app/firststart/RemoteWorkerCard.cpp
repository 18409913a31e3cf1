// SPDX-License-Identifier: Apache-2.0
#include "firststart/RemoteWorkerCard.h"

#include "firststart/VersionCheck.h"
#include "kosa8/Kosa8Runner.h"
#include "style/Style.h"
#include "widgets/CommandPreviewField.h"

#include <QAction>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

RemoteWorkerCard::RemoteWorkerCard(const kosa8::Kosa8Runner* appRunner, QWidget* parent)
    : FirstStartCard(tr("Add a remote worker"),
                     tr("On Linux and Intel Macs, kosa8 is a client: the sandboxes run on a Mac with "
                        "Apple silicon, the worker, reached with its host and a token."),
                     parent)
    , m_appRunner(appRunner)
    , m_versionCheck(new VersionCheck(appRunner, this))
    , m_name(new QLineEdit(this))
    , m_host(new QLineEdit(this))
    , m_token(new QLineEdit(this))
    , m_reveal(nullptr)
    , m_problem(new QLabel(this))
    , m_preview(new CommandPreviewField(this))
    , m_result(new QLabel(this))
    , m_test(new QPushButton(tr("Test"), this))
    , m_add(new QPushButton(tr("Add this worker"), this))
{
    setObjectName(QStringLiteral("remoteWorkerCard"));
    setAccessibleName(tr("Connect to a remote kosa8 worker"));

    m_name->setObjectName(QStringLiteral("workerName"));
    m_name->setAccessibleName(tr("Name of the worker"));
    m_name->setText(tr("worker"));
    m_name->setMaxLength(RemoteWorkerInput::MaxNameLength);
    m_host->setObjectName(QStringLiteral("workerHost"));
    m_host->setAccessibleName(tr("Host of the worker (KOSA8_HOST)"));
    m_host->setPlaceholderText(QStringLiteral("worker.example.com:7443")); // an address: nothing to translate
    m_token->setObjectName(QStringLiteral("workerToken"));
    m_token->setAccessibleName(tr("Token of the worker (KOSA8_TOKEN)"));
    m_token->setEchoMode(QLineEdit::Password);
    m_reveal = m_token->addAction(style::icon(QStringLiteral("eye"), QStringLiteral("view-visible")),
                                  QLineEdit::TrailingPosition);
    m_reveal->setObjectName(QStringLiteral("workerTokenReveal"));
    m_reveal->setCheckable(true);
    m_reveal->setText(tr("Show the token")); // the name screen readers give its button
    m_reveal->setToolTip(tr("Show the token (Ctrl+R)"));
    connect(m_reveal, &QAction::toggled, this, [this](bool on) {
        m_token->setEchoMode(on ? QLineEdit::Normal : QLineEdit::Password);
        m_reveal->setText(on ? tr("Hide the token") : tr("Show the token"));
        m_reveal->setToolTip(on ? tr("Hide the token (Ctrl+R)") : tr("Show the token (Ctrl+R)"));
    });
    // The action button takes no focus: Ctrl+R from the token field reveals it as well.
    auto* revealKey = new QAction(m_token);
    revealKey->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    revealKey->setShortcutContext(Qt::WidgetShortcut);
    m_token->addAction(revealKey);
    connect(revealKey, &QAction::triggered, m_reveal, &QAction::toggle);

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 4, 0, 0);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Token:"), m_token);
    contents()->addLayout(form);

    m_problem->setObjectName(QStringLiteral("workerProblem"));
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1;").arg(style::errorColor().name()));
    contents()->addWidget(m_problem);
    m_preview->textField()->setAccessibleName(tr("The command the test runs (token hidden)"));
    contents()->addWidget(m_preview);
    m_result->setObjectName(QStringLiteral("workerResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setAccessibleDescription(tr("Result of the test"));
    m_result->hide();
    contents()->addWidget(m_result);
    contents()->addStretch(1);

    m_test->setObjectName(QStringLiteral("workerTest"));
    m_test->setAccessibleName(tr("Test the connection to the worker with kosa8 version"));
    m_add->setObjectName(QStringLiteral("workerAdd"));
    m_add->setAccessibleName(tr("Add this remote worker"));
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_test);
    buttons->addWidget(m_add);
    contents()->addLayout(buttons);

    for (QLineEdit* edit : {m_name, m_host, m_token})
        connect(edit, &QLineEdit::textChanged, this, &RemoteWorkerCard::revalidate);
    connect(m_test, &QPushButton::clicked, this, &RemoteWorkerCard::test);
    connect(m_versionCheck, &VersionCheck::finished, this, &RemoteWorkerCard::onTested);
    connect(m_add, &QPushButton::clicked, this, [this] {
        const RemoteWorkerInput worker = input();
        if (worker.problem().isEmpty())
            Q_EMIT remoteProfileRequested(worker.name, worker.host, worker.token);
    });
    revalidate();
}

RemoteWorkerInput RemoteWorkerCard::input() const
{
    return RemoteWorkerInput{m_name->text(), m_host->text(), m_token->text()}.normalized();
}

QString RemoteWorkerCard::problemText() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

QString RemoteWorkerCard::resultText() const
{
    return m_result->isHidden() ? QString() : m_result->text();
}

void RemoteWorkerCard::setClientExecutable(const QString& path)
{
    m_client = path;
    revalidate();
}

kosa8::ConnectionProfile RemoteWorkerCard::connectionFor(const RemoteWorkerInput& input) const
{
    kosa8::ConnectionProfile connection = m_appRunner->connection();
    if (!m_client.isEmpty())
        connection.executable = m_client;
    connection.name = input.name;
    connection.host = input.host;
    connection.token = input.token;
    return connection;
}

void RemoteWorkerCard::revalidate()
{
    // Whatever was tested is not what the form says any more.
    m_versionCheck->cancel();
    FirstStartCard::showResult(m_result, {}, true);
    const RemoteWorkerInput worker = input();
    const QString problem = worker.problem();
    // Nothing typed yet is not an error to shout about: the message waits for the host.
    const bool untouched = worker.host.isEmpty() && worker.token.isEmpty();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty() && !untouched);
    m_test->setEnabled(problem.isEmpty());
    m_add->setEnabled(problem.isEmpty());
    if (problem.isEmpty())
        m_preview->setCommand(m_versionCheck->preview(connectionFor(worker)));
    else
        m_preview->setUnavailable(tr("The test's command appears here."));
}

void RemoteWorkerCard::test()
{
    const RemoteWorkerInput worker = input();
    if (!worker.problem().isEmpty())
        return;
    m_result->setStyleSheet({});
    m_result->setText(tr("Testing…"));
    m_result->show();
    m_test->setEnabled(false);
    m_versionCheck->start(connectionFor(worker));
}

void RemoteWorkerCard::onTested(const kosa8::JobResult& result, const kosa8::VersionInfo& version)
{
    m_test->setEnabled(input().problem().isEmpty());
    FirstStartCard::showResult(m_result, VersionCheck::describe(result, version),
                               VersionCheck::works(result, version) && !version.server.isEmpty());
}

} // namespace k8::app
