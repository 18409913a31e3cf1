// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/langgraph/InterruptWatcher.h"
#include "agent/langgraph/LangGraphServerConfig.h"
#include "agent/langgraph/LangGraphThreads.h"
#include "agent/request/RequestSource.h"

#include <QHash>
#include <QJsonValue>
#include <QObject>
#include <QString>

namespace k8::agent::langgraph {

class LangGraphApi;
struct ResumeOutcome;

// One LangGraph server as a source of requests (docs/langgraph.md, docs/design.md "Where
// requests come from"): every interrupt its InterruptWatcher finds is handed to the desk as a
// `review` of the interrupt's value, with the thread's graph as the agent, and the desk's answer
// resumes exactly that interrupt through a ResumeGuard (checked, then resumed, never twice).
//
// The server holds its interrupts durably, so the source keeps them pending when the app quits
// (keepsPendingAtQuit()); an interrupt that goes from the server without this app's answer ends
// at the desk as decided "elsewhere". An answer that cannot be delivered (the server is away, or
// the thread is busy) is kept and tried again after each poll that reached the server; one that
// finds the interrupt gone is dropped and said (problem()), as the decision could not take effect.
class LangGraphSource : public QObject, public RequestSource
{
    Q_OBJECT
public:
    // `desk` is not owned and must outlive the source's use of it (remove the source from the desk
    // before deleting it while the desk lives).
    LangGraphSource(LangGraphServerConfig config, RequestDesk* desk, QObject* parent = nullptr);
    ~LangGraphSource() override;

    // Registers with the desk (once) and starts watching the server.
    void start();
    void stop();

    const LangGraphServerConfig& config() const;
    InterruptWatcher* watcher() const { return m_watcher; }
    LangGraphApi* api() const { return m_api; }
    // Decided here and not yet resumed on the server (it was away, or the thread busy).
    int undeliveredCount() const;

    // A person's decision, recorded in the ledger, that has not reached the server yet.
    struct Undelivered
    {
        PendingInterrupt interrupt;
        QJsonValue answer;
    };
    // Gives up the decisions not yet delivered, for a later source of the same server (its
    // settings changed, or it was switched off): this one no longer delivers them.
    QList<Undelivered> takeUndelivered();
    // Decisions of an earlier source of the same server: delivered as this source's own after its
    // first poll that finds their interrupts still pending, never handed to the desk again; one
    // whose interrupt has gone is said (problem()), as any decision that could not take effect.
    // Call before start().
    void adoptUndelivered(const QList<Undelivered>& decisions);

    // RequestSource
    QString sourceName() const override { return QStringLiteral("langgraph"); }
    bool answer(const RequestOrigin& origin, const QJsonValue& result) override;
    bool refuse(const RequestOrigin& origin, const RpcError& error) override;
    bool answerEncoded(const RequestOrigin&, const QByteArray&) override { return false; } // no runs
    bool sendRunOutput(const RequestOrigin&, bool, QByteArrayView) override { return false; }
    qint64 backlog(const RequestOrigin&) const override { return 0; }
    bool reaches(const RequestOrigin& origin) const override;
    bool keepsPendingAtQuit() const override { return true; }

Q_SIGNALS:
    void statusChanged(const k8::agent::langgraph::LangGraphServerStatus& status);
    // The server took a resume of ours: `runId` is the run that goes on.
    void resumed(const k8::agent::langgraph::PendingInterrupt& interrupt, const QString& runId);
    // Something the person should know: an interrupt that could not be shown, a decision that
    // could not take effect.
    void problem(const QString& message);

private:
    // What the source knows of one interrupt it handed to the desk.
    struct Held
    {
        PendingInterrupt interrupt;
        bool answered = false; // the desk's answer is in `answer`, not yet on the server
        bool resuming = false; // a ResumeGuard is under way
        QJsonValue answer;
    };

    static QString keyOf(const PendingInterrupt& interrupt);
    RequestOrigin originOf(const PendingInterrupt& interrupt) const;
    void onAppeared(const PendingInterrupt& interrupt);
    void onGone(const PendingInterrupt& interrupt, InterruptWatcher::GoneReason reason);
    void deliver(const QString& key);
    void onResumeFinished(const QString& key, const ResumeOutcome& outcome);
    void retryUndelivered();

    RequestDesk* m_desk;
    LangGraphApi* m_api;         // owned (a child)
    InterruptWatcher* m_watcher; // owned (a child)
    bool m_registered = false;
    bool m_wasReachable = false; // as the last status said
    QHash<QString, Held> m_held; // keyOf() -> the interrupt, while the desk or the server has it
};

} // namespace k8::agent::langgraph
