// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QLabel>

#include <functional>

class QTimer;

namespace k8::app {

// "Rejected automatically in 0:42": the time left before a request with a timeout is rejected by
// itself, counted down every second, in the warning colour for the last WarningSeconds. Hidden
// when the request has no timeout. The clock can be replaced for tests.
class CountdownLabel : public QLabel
{
    Q_OBJECT
public:
    static constexpr int WarningSeconds = 10;
    using Clock = std::function<QDateTime()>;

    explicit CountdownLabel(QWidget* parent = nullptr);

    // Counts down to receivedAt + timeoutS; timeoutS <= 0 (no timeout) hides the label.
    void setDeadline(const QDateTime& receivedAt, int timeoutS);
    // Stops counting and hides the label (no request, or the request ended).
    void clear();
    void setClock(Clock clock);

    bool isCounting() const;
    // Whole seconds left (rounded up), 0 once the deadline passed; -1 when not counting.
    int secondsLeft() const;
    bool isWarning() const { return m_warning; }

    // "0:42", "1:02:03".
    static QString durationText(int seconds);

public Q_SLOTS:
    // Reads the clock and shows the time left (the timer calls it every second).
    void refresh();

Q_SIGNALS:
    void ticked(int secondsLeft);

private:
    void setWarning(bool warning);

    QTimer* m_timer;
    Clock m_clock;
    QDateTime m_deadline;
    bool m_warning = false;
};

} // namespace k8::app
