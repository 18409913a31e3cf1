// SPDX-License-Identifier: Apache-2.0
#include "about/AboutDialog.h"

#include "agent/SocketPath.h"
#include "editor/SyntaxRepository.h"
#include "plumbing/Logging.h"
#include "style/Style.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace k8::app {

QString AboutDialog::highlighterName()
{
    return syntaxLibrarySummary();
}

AboutDialog::AboutDialog(const QString& kosa8Summary, const QString& dataDir,
                         const QString& agentSocketStatus, QWidget* parent)
    : QDialog(parent)
    , m_info(new QLabel(this))
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About kosa8 Desk"));
    setAccessibleName(windowTitle());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 20, 24, 14);
    layout->setSpacing(12);
    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    icon->setPixmap(style::icon(QStringLiteral("kosa8-desk")).pixmap(64, 64));
    top->addWidget(icon, 0, Qt::AlignTop);
    auto* texts = new QVBoxLayout;
    auto* title = new QLabel(tr("kosa8 Desk %1").arg(QCoreApplication::applicationVersion()), this);
    title->setFont(style::headerFont(font()));
    texts->addWidget(title);
    auto* tagline = new QLabel(tr("Review AI agents' code and run it in kosa8 sandboxes."), this);
    tagline->setWordWrap(true);
    texts->addWidget(tagline);
    top->addLayout(texts, 1);
    layout->addLayout(top);

    const QString info =
        tr("Qt: %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)) +
        QLatin1Char('\n') + tr("Code highlighting: %1").arg(highlighterName()) + QLatin1Char('\n') +
        tr("kosa8: %1").arg(kosa8Summary.isEmpty() ? tr("not checked yet") : kosa8Summary) +
        QLatin1Char('\n') + tr("Data folder: %1").arg(dataDir) + QLatin1Char('\n') +
        tr("Log file: %1").arg(logFilePath(dataDir)) + QLatin1Char('\n') +
        tr("Agent socket: %1")
            .arg(agentSocketStatus.isEmpty() ? agent::SocketPath::statusText(QString(), false)
                                             : agentSocketStatus);
    m_info->setObjectName(QStringLiteral("aboutInfo"));
    m_info->setText(info);
    m_info->setTextFormat(Qt::PlainText);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setAccessibleName(tr("Version information"));
    layout->addWidget(m_info);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QString AboutDialog::infoText() const
{
    return m_info->text();
}

} // namespace k8::app
