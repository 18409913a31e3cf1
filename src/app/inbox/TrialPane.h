// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "trial/TrialRun.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QToolButton;

namespace k8::agent {
class ReviewCoordinator;
}
namespace k8::trial {
class TrialKit;
}

namespace k8::app {

class RunConsole;

// "Try in a throwaway copy" on the sheet of a run request, and what the trial did: each step's
// exact command as it starts, the code's output as it arrives, then its exit code and time, and
// that the real sandbox was not touched (trial::TrialRun does the work). The trial is the
// reviewer's: it never approves anything and nothing of it reaches the agent; it is recorded in
// the ledger as a trial. A trial whose code was edited since is marked "tried before your edit".
//
// The sheet (ReviewView) says what would be tried and whether a trial is possible (showFor());
// while one runs it keeps Approve disarmed (runningChanged()).
class TrialPane : public QWidget
{
    Q_OBJECT
public:
    explicit TrialPane(QWidget* parent = nullptr);
    ~TrialPane() override;

    // Without a kit the pane stays hidden (tests of the sheet alone, a window without kosa8).
    void setKit(trial::TrialKit* kit, agent::ReviewCoordinator* coordinator);
    bool hasKit() const { return m_kit != nullptr; }

    // What a trial of `request` (null: none) would run now, and why it cannot (empty: it can).
    // Another request stops a trial still running (its copy is removed, the trial recorded) and
    // clears the pane; the same request with other code marks a finished trial as tried before the
    // edit.
    void showFor(const agent::Request* request, const trial::TrialSpec& spec, const QString& whyNot);
    // The sheet shows no run request.
    void clear();

    bool isRunning() const { return m_run != nullptr; }
    QAction* tryAction() const { return m_try; }
    QAction* stopAction() const { return m_stop; }
    // For tests: the texts a person reads.
    QString statusText() const;
    QString summaryText() const;
    QString outputText() const;
    QString commandsText() const;

Q_SIGNALS:
    void runningChanged(bool running);

private:
    void startTrial();
    void stopTrial();
    void showStep(const QString& what, const QString& command);
    void appendOutput(bool isStderr, const QByteArray& bytes);
    void trialFinished(const trial::TrialResult& result);
    void showSummary();
    void updateControls();
    void abandon(); // a running trial for a request no longer shown: stopped, its copy removed
    // The trial in the ledger (ReviewCoordinator::recordTrial); empty, or why it could not be.
    static QString record(agent::ReviewCoordinator* coordinator, const agent::Request& request,
                          const trial::TrialResult& result);

    trial::TrialKit* m_kit = nullptr;
    QPointer<agent::ReviewCoordinator> m_coordinator;
    QAction* m_try = nullptr;
    QAction* m_stop = nullptr;
    QToolButton* m_tryButton = nullptr;
    QToolButton* m_stopButton = nullptr;
    QLabel* m_why = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_commands = nullptr;
    RunConsole* m_output = nullptr;
    QLabel* m_summary = nullptr;

    quint64 m_key = 0;
    trial::TrialSpec m_spec;
    QString m_whyNot;
    trial::TrialRun* m_run = nullptr;
    agent::Request m_runRequest; // the request as the sheet held it when the trial started
    bool m_hasResult = false;
    trial::TrialResult m_result;
    // What the last trial ran: its code (an edit since makes the result stale) and the sandbox it
    // forked (the sheet may name another since).
    trial::TrialSpec m_tried;
    QString m_recordProblem;
};

} // namespace k8::app
