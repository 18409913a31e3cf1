// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace k8::app {

class HealthMonitor;

// Shown above the pages while kosa8 is missing or not answering: what is wrong, the path tried,
// the error, how to fix it, and Retry. Hidden while kosa8 is fine.
class HealthPanel : public QFrame
{
    Q_OBJECT
public:
    explicit HealthPanel(HealthMonitor* monitor, QWidget* parent = nullptr);

    QString titleText() const;
    QString bodyText() const;
    QString detailsText() const;
    // Null until the first problem (the contents are built then).
    QPushButton* retryButton() const { return m_retry; }

Q_SIGNALS:
    void settingsRequested();

private:
    void update();
    void build();
    HealthMonitor* m_monitor;
    QLabel* m_title = nullptr;
    QLabel* m_body = nullptr;
    QPlainTextEdit* m_details = nullptr;
    QPushButton* m_retry = nullptr;
    QPushButton* m_settings = nullptr;
};

// Status bar widget: a coloured dot and the health summary; the tooltip shows everything
// `kosa8 version` printed.
class HealthIndicator : public QWidget
{
    Q_OBJECT
public:
    explicit HealthIndicator(HealthMonitor* monitor, QWidget* parent = nullptr);
    QString text() const;

private:
    void update();
    HealthMonitor* m_monitor;
    QLabel* m_dot;
    QLabel* m_label;
};

} // namespace k8::app
