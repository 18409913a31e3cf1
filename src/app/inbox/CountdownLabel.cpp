// SPDX-License-Identifier: Apache-2.0
#include "inbox/CountdownLabel.h"

#include "style/Style.h"

#include <QTimer>

namespace k8::app {

CountdownLabel::CountdownLabel(QWidget* parent)
    : QLabel(parent)
    , m_timer(new QTimer(this))
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
{
    setObjectName(QStringLiteral("countdownLabel"));
    setAccessibleDescription(tr("Time left before the request is rejected automatically"));
    setTextFormat(Qt::PlainText);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &CountdownLabel::refresh);
    hide();
}

void CountdownLabel::setDeadline(const QDateTime& receivedAt, int timeoutS)
{
    if (timeoutS <= 0 || !receivedAt.isValid()) {
        clear();
        return;
    }
    m_deadline = receivedAt.addSecs(timeoutS);
    show();
    refresh();
    m_timer->start();
}

void CountdownLabel::clear()
{
    m_timer->stop();
    m_deadline = QDateTime();
    QLabel::clear();
    setWarning(false);
    hide();
}

void CountdownLabel::setClock(Clock clock)
{
    m_clock = std::move(clock);
    if (isCounting())
        refresh();
}

bool CountdownLabel::isCounting() const
{
    return m_deadline.isValid();
}

int CountdownLabel::secondsLeft() const
{
    if (!isCounting())
        return -1;
    const qint64 ms = m_clock().msecsTo(m_deadline);
    return ms <= 0 ? 0 : int((ms + 999) / 1000);
}

QString CountdownLabel::durationText(int seconds)
{
    const int hours = seconds / 3600;
    const int minutes = (seconds % 3600) / 60;
    const int rest = seconds % 60;
    if (hours > 0)
        return QStringLiteral("%1:%2:%3")
            .arg(hours)
            .arg(minutes, 2, 10, QLatin1Char('0'))
            .arg(rest, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(minutes).arg(rest, 2, 10, QLatin1Char('0'));
}

void CountdownLabel::refresh()
{
    if (!isCounting())
        return;
    const int left = secondsLeft();
    // The service rejects at the deadline; until its answer arrives the label says it is due.
    setText(left > 0 ? tr("Rejected automatically in %1").arg(durationText(left))
                     : tr("Rejected automatically now"));
    setWarning(left <= WarningSeconds);
    Q_EMIT ticked(left);
}

void CountdownLabel::setWarning(bool warning)
{
    m_warning = warning;
    style::setForegroundTone(this, warning ? style::Tone::Warning : style::Tone::None);
    QFont bold = font();
    bold.setBold(warning);
    setFont(bold);
}

} // namespace k8::app
