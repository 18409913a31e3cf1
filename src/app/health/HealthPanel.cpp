// SPDX-License-Identifier: Apache-2.0
#include "health/HealthPanel.h"

#include "health/HealthMonitor.h"
#include "style/Style.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

HealthPanel::HealthPanel(HealthMonitor* monitor, QWidget* parent)
    : QFrame(parent)
    , m_monitor(monitor)
{
    setObjectName(QStringLiteral("healthPanel"));
    setAccessibleName(tr("kosa8 health"));
    connect(monitor, &HealthMonitor::checked, this, &HealthPanel::update);
    connect(monitor, &HealthMonitor::stateChanged, this, &HealthPanel::update);
    update();
}

// The contents, at the first problem: hidden, they were still styled and polished with the
// window before its first paint (bench/README.md, bench_startup), and kosa8 is usually fine.
void HealthPanel::build()
{
    if (m_title)
        return;
    m_title = new QLabel(this);
    m_body = new QLabel(this);
    m_details = new QPlainTextEdit(this);
    m_retry = new QPushButton(tr("Retry"), this);
    m_settings = new QPushButton(tr("Settings…"), this);
    style::followPalette(this, [this] {
        const QColor accent = style::warningColor();
        setStyleSheet(QStringLiteral("QFrame#healthPanel { border: 1px solid %1; border-left: 4px solid %1;"
                                     " border-radius: 4px; background: rgba(%2,%3,%4,30); }")
                          .arg(accent.name())
                          .arg(accent.red())
                          .arg(accent.green())
                          .arg(accent.blue()));
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 10, 10, 10);
    layout->setSpacing(6);
    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    style::showIcon(icon, style::icon(QStringLiteral("warning"), QStringLiteral("dialog-warning")), 24);
    top->addWidget(icon);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setObjectName(QStringLiteral("healthTitle"));
    top->addWidget(m_title, 1);
    m_retry->setObjectName(QStringLiteral("healthRetry"));
    m_retry->setAccessibleName(tr("Check kosa8 again"));
    m_retry->setIcon(style::icon(QStringLiteral("refresh"), QStringLiteral("view-refresh")));
    m_settings->setObjectName(QStringLiteral("healthSettings"));
    m_settings->setAccessibleName(tr("Open settings"));
    top->addWidget(m_settings);
    top->addWidget(m_retry);
    layout->addLayout(top);
    m_body->setObjectName(QStringLiteral("healthBody"));
    m_body->setWordWrap(true);
    m_body->setTextFormat(Qt::PlainText);
    m_body->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_body);
    m_details->setObjectName(QStringLiteral("healthDetails"));
    m_details->setAccessibleName(tr("Command and error"));
    m_details->setReadOnly(true);
    m_details->setMaximumHeight(110);
    style::makeMonospace(m_details);
    layout->addWidget(m_details);

    connect(m_retry, &QPushButton::clicked, m_monitor, &HealthMonitor::check);
    connect(m_settings, &QPushButton::clicked, this, &HealthPanel::settingsRequested);
}

QString HealthPanel::titleText() const
{
    return m_title ? m_title->text() : QString();
}
QString HealthPanel::bodyText() const
{
    return m_body ? m_body->text() : QString();
}
QString HealthPanel::detailsText() const
{
    return m_details ? m_details->toPlainText() : QString();
}

void HealthPanel::update()
{
    const bool problem = m_monitor->isProblem();
    if (problem)
        build();
    setVisible(problem);
    if (!problem)
        return;
    m_title->setText(m_monitor->problemTitle());
    m_body->setText(m_monitor->problemText());
    const QString details = m_monitor->problemDetails();
    m_details->setPlainText(details);
    m_details->setVisible(!details.isEmpty());
}

HealthIndicator::HealthIndicator(HealthMonitor* monitor, QWidget* parent)
    : QWidget(parent)
    , m_monitor(monitor)
    , m_dot(new QLabel(this))
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("healthIndicator"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(6);
    layout->addWidget(m_dot);
    layout->addWidget(m_label);
    m_label->setObjectName(QStringLiteral("healthIndicatorText"));
    connect(monitor, &HealthMonitor::checked, this, &HealthIndicator::update);
    connect(monitor, &HealthMonitor::stateChanged, this, &HealthIndicator::update);
    update();
}

QString HealthIndicator::text() const
{
    return m_label->text();
}

void HealthIndicator::update()
{
    style::Tone tone = style::Tone::Neutral;
    switch (m_monitor->state()) {
    case HealthMonitor::State::Ok:
        tone = style::Tone::Success;
        break;
    case HealthMonitor::State::NoServer:
        tone = style::Tone::Warning;
        break;
    case HealthMonitor::State::Missing:
    case HealthMonitor::State::NotAnswering:
        tone = style::Tone::Error;
        break;
    case HealthMonitor::State::Unknown:
    case HealthMonitor::State::Checking:
        break;
    }
    // The dot's colour follows a theme switch by itself (toneDot, showIcon).
    style::showIcon(m_dot, style::toneDot(tone, 12), 12);
    m_label->setText(m_monitor->summary());
    const QStringList lines = m_monitor->version().rawLines;
    const QString tip = lines.isEmpty() ? m_monitor->problemDetails() : lines.join(QLatin1Char('\n'));
    setToolTip(tip);
    setAccessibleName(tr("kosa8 status: %1").arg(m_monitor->summary()));
}

} // namespace k8::app
