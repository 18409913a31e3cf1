// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/ListParser.h"
#include "sandboxes/RefreshBackoff.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>

class QTimer;

namespace k8::kosa8 {
class Kosa8Job;
class SandboxListModel;
} // namespace k8::kosa8

namespace k8::app {

class AppContext;

// Keeps the sandbox list model fresh: runs `sandbox ls` now and then on a timer that backs off
// while kosa8 fails. Failures and unreadable lines go to the app's message area (one message
// per kind, replaced on repeat, withdrawn on success).
class SandboxRefresher : public QObject
{
    Q_OBJECT
public:
    SandboxRefresher(AppContext* context, kosa8::SandboxListModel* model, QObject* parent = nullptr);

    static inline const QString FailureMessageKey = QStringLiteral("sandbox-ls-failed");
    static inline const QString ProblemsMessageKey = QStringLiteral("sandbox-ls-unreadable");

    // First refresh and the timer. Until then nothing runs.
    void start();
    bool isStarted() const { return m_started; }
    bool isRefreshing() const { return m_job != nullptr; }
    bool hasSucceeded() const { return m_lastSuccess.isValid(); }
    QDateTime lastSuccess() const { return m_lastSuccess; }
    const kosa8::JobResult& lastResult() const { return m_lastResult; }
    const QList<kosa8::ParseProblem>& lastProblems() const { return m_problems; }
    int consecutiveFailures() const { return m_backoff.consecutiveFailures(); }
    // Milliseconds until the next automatic refresh (-1 when the timer is not running).
    int nextRefreshMs() const;

public Q_SLOTS:
    // Now; when one is running, one more follows it (an action just changed something).
    void refresh();

Q_SIGNALS:
    void busyChanged(bool busy);
    void refreshed();
    void failed(const k8::kosa8::JobResult& result);

private:
    void onFinished(const kosa8::JobResult& result);
    void schedule(int delayMs);
    AppContext* m_context;
    kosa8::SandboxListModel* m_model;
    QTimer* m_timer;
    RefreshBackoff m_backoff;
    QPointer<kosa8::Kosa8Job> m_job;
    bool m_started = false;
    bool m_again = false;
    QDateTime m_lastSuccess;
    kosa8::JobResult m_lastResult;
    QList<kosa8::ParseProblem> m_problems;
};

} // namespace k8::app
