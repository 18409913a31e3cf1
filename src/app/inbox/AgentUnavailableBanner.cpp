// SPDX-License-Identifier: Apache-2.0
#include "inbox/AgentUnavailableBanner.h"

#include "style/Style.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

AgentUnavailableBanner::AgentUnavailableBanner(QWidget* parent)
    : QFrame(parent)
    , m_problem(new QLabel(this))
    , m_fix(new QLabel(this))
    , m_retry(new QPushButton(tr("&Retry"), this))
{
    setObjectName(QStringLiteral("agentUnavailableBanner"));
    setAccessibleName(tr("Agents cannot connect"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // A tint of the error colour over the window, as the request-end banner tints with warning.
    QPalette tinted = palette();
    const QColor window = tinted.color(QPalette::Window);
    const QColor error = style::errorColor();
    tinted.setColor(QPalette::Window, QColor::fromRgbF(window.redF() * 0.75f + error.redF() * 0.25f,
                                                       window.greenF() * 0.75f + error.greenF() * 0.25f,
                                                       window.blueF() * 0.75f + error.blueF() * 0.25f));
    setPalette(tinted);

    // Paths come from the command line and the environment: plain text only.
    for (QLabel* label : {m_problem, m_fix}) {
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    }
    m_problem->setObjectName(QStringLiteral("agentProblemText"));
    m_problem->setAccessibleDescription(tr("Why agents cannot connect"));
    QFont bold = m_problem->font();
    bold.setBold(true);
    m_problem->setFont(bold);
    m_fix->setObjectName(QStringLiteral("agentProblemFix"));
    m_fix->setAccessibleDescription(tr("How to fix it"));

    m_retry->setObjectName(QStringLiteral("retryAgentSocketButton"));
    m_retry->setAccessibleName(tr("Retry the agent socket"));
    m_retry->setToolTip(tr("Try to listen for agents again"));
    m_retry->setAutoDefault(false);
    connect(m_retry, &QPushButton::clicked, this, &AgentUnavailableBanner::retryRequested);

    auto* texts = new QVBoxLayout;
    texts->addWidget(m_problem);
    texts->addWidget(m_fix);
    auto* layout = new QHBoxLayout(this);
    layout->addLayout(texts, 1);
    layout->addWidget(m_retry, 0, Qt::AlignTop);
    hide();
}

void AgentUnavailableBanner::showProblem(const QString& problem, const QString& fix)
{
    m_problem->setText(problem.isEmpty() ? QString() : tr("Agents cannot connect: %1").arg(problem));
    m_fix->setText(fix);
    setVisible(!problem.isEmpty());
}

QString AgentUnavailableBanner::text() const
{
    return m_problem->text() + QLatin1Char('\n') + m_fix->text();
}

} // namespace k8::app
