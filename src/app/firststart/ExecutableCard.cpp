// SPDX-License-Identifier: Apache-2.0
#include "firststart/ExecutableCard.h"

#include "firststart/VersionCheck.h"
#include "kosa8/Kosa8Runner.h"
#include "style/Style.h"
#include "widgets/ClearButton.h"
#include "widgets/CommandPreviewField.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

ExecutableCard::ExecutableCard(const kosa8::Kosa8Runner* appRunner, QWidget* parent)
    : FirstStartCard(tr("Use a kosa8 on this computer"),
                     tr("On a Mac with Apple silicon, kosa8 runs the sandboxes here with its daemon, kosa8d. "
                        "On Linux and Intel Macs, point at the kosa8 client, then add a remote worker."),
                     parent)
    , m_appRunner(appRunner)
    , m_versionCheck(new VersionCheck(appRunner, this))
    , m_path(new QLineEdit(this))
    , m_browse(new QPushButton(tr("Use an executable…"), this))
    , m_check(new QPushButton(tr("Check"), this))
    , m_preview(new CommandPreviewField(this))
    , m_result(new QLabel(this))
    , m_use(new QPushButton(tr("Use this executable"), this))
{
    setObjectName(QStringLiteral("executableCard"));
    setAccessibleName(tr("Use a kosa8 executable on this computer"));

    m_path->setObjectName(QStringLiteral("executablePath"));
    m_path->setAccessibleName(tr("Path of the kosa8 executable"));
    m_path->setPlaceholderText(QStringLiteral("/usr/local/bin/kosa8")); // a path: nothing to translate
    setClearButton(m_path);
    m_path->setFont(style::monospaceFont());
    m_browse->setObjectName(QStringLiteral("executableBrowse"));
    m_browse->setAccessibleName(tr("Choose the kosa8 executable in a file dialog"));
    m_check->setObjectName(QStringLiteral("executableCheck"));
    m_check->setAccessibleName(tr("Check this executable with kosa8 version"));
    m_preview->textField()->setAccessibleName(tr("The command the check runs"));
    m_result->setObjectName(QStringLiteral("executableResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setAccessibleDescription(tr("Result of the check"));
    m_result->hide();
    m_use->setObjectName(QStringLiteral("executableUse"));
    m_use->setAccessibleName(tr("Use this kosa8 executable"));
    m_use->setEnabled(false);

    contents()->addWidget(m_browse, 0, Qt::AlignLeft);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_check);
    contents()->addLayout(pathRow);
    contents()->addWidget(m_preview);
    contents()->addWidget(m_result);
    contents()->addStretch(1);
    contents()->addWidget(m_use, 0, Qt::AlignRight);

    // In the order they are seen: the file dialog first, then the path it fills in.
    setTabOrder(m_browse, m_path);
    setTabOrder(m_path, m_check);
    setTabOrder(m_check, m_preview);
    setTabOrder(m_preview, m_use);
    connect(m_browse, &QPushButton::clicked, this, &ExecutableCard::browse);
    connect(m_check, &QPushButton::clicked, this, &ExecutableCard::check);
    connect(m_path, &QLineEdit::returnPressed, this, &ExecutableCard::check);
    connect(m_path, &QLineEdit::textChanged, this, &ExecutableCard::onPathEdited);
    connect(m_versionCheck, &VersionCheck::finished, this, &ExecutableCard::onChecked);
    connect(m_use, &QPushButton::clicked, this, [this] {
        if (!m_working.isEmpty())
            Q_EMIT executableChosen(m_working);
    });
    onPathEdited();
}

QString ExecutableCard::resultText() const
{
    return m_result->isHidden() ? QString() : m_result->text();
}

kosa8::ConnectionProfile ExecutableCard::connectionFor(const QString& path) const
{
    // The app's connection (its environment, a remote worker already set) with this executable.
    kosa8::ConnectionProfile connection = m_appRunner->connection();
    connection.executable = path;
    return connection;
}

void ExecutableCard::browse()
{
    if (m_dialog) {
        m_dialog->raise();
        return;
    }
    m_dialog = new QFileDialog(this, tr("Choose the kosa8 executable"));
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog->setFileMode(QFileDialog::ExistingFile);
    const QString current = m_path->text().trimmed();
    m_dialog->setDirectory(current.isEmpty() ? QDir::homePath() : QFileInfo(current).absolutePath());
    connect(m_dialog, &QFileDialog::fileSelected, this, [this](const QString& file) {
        m_path->setText(QDir::toNativeSeparators(file));
        check();
    });
    m_dialog->open();
}

void ExecutableCard::onPathEdited()
{
    const QString path = m_path->text().trimmed();
    // Another path: the offer to use the checked one goes, and a check of the old one is moot.
    if (path != m_working)
        setWorking({});
    if (!m_checking.isEmpty() && path != m_checking) {
        m_versionCheck->cancel();
        m_checking.clear();
    }
    m_check->setEnabled(!path.isEmpty());
    if (path.isEmpty())
        m_preview->setUnavailable(tr("The check's command appears here."));
    else
        m_preview->setCommand(m_versionCheck->preview(connectionFor(path)));
    FirstStartCard::showResult(m_result, {}, true);
}

void ExecutableCard::check()
{
    const QString path = m_path->text().trimmed();
    if (path.isEmpty())
        return;
    m_checking = path;
    setWorking({});
    m_preview->setCommand(m_versionCheck->preview(connectionFor(path)));
    m_result->setStyleSheet({});
    m_result->setText(tr("Checking…"));
    m_result->show();
    m_versionCheck->start(connectionFor(path));
}

void ExecutableCard::onChecked(const kosa8::JobResult& result, const kosa8::VersionInfo& version)
{
    const QString path = m_checking;
    m_checking.clear();
    const bool works = VersionCheck::works(result, version);
    FirstStartCard::showResult(m_result, VersionCheck::describe(result, version), works);
    setWorking(works ? path : QString());
    if (works)
        m_use->setFocus();
}

void ExecutableCard::setWorking(const QString& path)
{
    const bool changed = path != m_working;
    m_working = path;
    m_use->setEnabled(!path.isEmpty());
    m_use->setDefault(!path.isEmpty());
    if (changed)
        Q_EMIT workingExecutableChanged(path);
}

} // namespace k8::app
