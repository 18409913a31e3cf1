// SPDX-License-Identifier: Apache-2.0
#include "about/AboutDialog.h"

#include "ui_AboutDialog.h"

#include "agent/socket/SocketPath.h"
#include "editor/SyntaxRepository.h"
#include "plumbing/Logging.h"
#include "style/Style.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>

namespace k8::app {

QString AboutDialog::highlighterName()
{
    return syntaxLibrarySummary();
}

AboutDialog::AboutDialog(const QString& kosa8Summary, const QString& dataDir,
                         const QString& agentSocketStatus, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AboutDialog>())
{
    m_ui->setupUi(this);
    style::showIcon(m_ui->iconLabel, style::icon(QStringLiteral("kosa8-desk")), 64);
    m_ui->titleLabel->setText(tr("kosa8 Desk %1").arg(QCoreApplication::applicationVersion()));
    m_ui->titleLabel->setFont(style::headerFont(font()));

    const QString info =
        tr("Qt: %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)) +
        QLatin1Char('\n') + tr("Code highlighting: %1").arg(highlighterName()) + QLatin1Char('\n') +
        tr("kosa8: %1").arg(kosa8Summary.isEmpty() ? tr("not checked yet") : kosa8Summary) +
        QLatin1Char('\n') + tr("Data folder: %1").arg(dataDir) + QLatin1Char('\n') +
        tr("Log file: %1").arg(logFilePath(dataDir)) + QLatin1Char('\n') +
        tr("Agent socket: %1")
            .arg(agentSocketStatus.isEmpty() ? agent::SocketPath::statusText(QString(), false)
                                             : agentSocketStatus);
    m_ui->aboutInfo->setText(info);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

AboutDialog::~AboutDialog() = default;

QString AboutDialog::infoText() const
{
    return m_ui->aboutInfo->text();
}

} // namespace k8::app
