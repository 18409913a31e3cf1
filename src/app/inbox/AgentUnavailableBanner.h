// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace k8::app {

// At the top of the inbox page while agents cannot connect (the socket's folder is unsafe, the
// path is taken by another program...): what is wrong, with the exact path, how to fix it, and
// Retry. Hidden while the app listens.
class AgentUnavailableBanner : public QFrame
{
    Q_OBJECT
public:
    explicit AgentUnavailableBanner(QWidget* parent = nullptr);

    // Shows `problem` (AgentService::listenProblem()) and `fix`; an empty problem hides the banner.
    void showProblem(const QString& problem, const QString& fix);

    QString text() const;
    QPushButton* retryButton() const { return m_retry; }

Q_SIGNALS:
    void retryRequested();

private:
    QLabel* m_problem;
    QLabel* m_fix;
    QPushButton* m_retry;
};

} // namespace k8::app
