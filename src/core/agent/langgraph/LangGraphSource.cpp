// SPDX-License-Identifier: Apache-2.0
#include "agent/langgraph/LangGraphSource.h"

#include "agent/langgraph/LangGraphApi.h"
#include "agent/langgraph/ResumeGuard.h"

#include <QJsonObject>

#include <spdlog/spdlog.h>

namespace k8::agent::langgraph {

LangGraphSource::LangGraphSource(LangGraphServerConfig config, RequestDesk* desk, QObject* parent)
    : QObject(parent)
    , m_desk(desk)
    , m_api(new LangGraphApi(std::move(config), this))
    , m_watcher(new InterruptWatcher(m_api, this))
{
    connect(m_watcher, &InterruptWatcher::interruptAppeared, this, &LangGraphSource::onAppeared);
    connect(m_watcher, &InterruptWatcher::interruptGone, this, &LangGraphSource::onGone);
    connect(m_watcher, &InterruptWatcher::statusChanged, this, &LangGraphSource::statusChanged);
    connect(m_watcher, &InterruptWatcher::statusChanged, this, [this](const LangGraphServerStatus& status) {
        // Its requests can be decided only while it answers (RequestDesk::reachChanged()).
        if (m_registered && status.reachable != m_wasReachable)
            m_desk->reachChanged(sourceNumber());
        m_wasReachable = status.reachable;
    });
    connect(m_watcher, &InterruptWatcher::pollFinished, this, [this](bool ok) {
        if (ok)
            retryUndelivered();
    });
}

LangGraphSource::~LangGraphSource() = default;

const LangGraphServerConfig& LangGraphSource::config() const
{
    return m_api->config();
}

void LangGraphSource::start()
{
    if (!m_registered) {
        m_desk->addSource(this);
        m_registered = true;
    }
    m_watcher->start();
}

void LangGraphSource::stop()
{
    m_watcher->stop();
}

int LangGraphSource::undeliveredCount() const
{
    int count = 0;
    for (const Held& held : m_held)
        count += held.answered;
    return count;
}

QList<LangGraphSource::Undelivered> LangGraphSource::takeUndelivered()
{
    QList<Undelivered> taken;
    for (auto it = m_held.begin(); it != m_held.end();) {
        if (it->answered) {
            taken.append(Undelivered{it->interrupt, it->answer});
            it = m_held.erase(it);
        } else {
            ++it;
        }
    }
    return taken;
}

void LangGraphSource::adoptUndelivered(const QList<Undelivered>& decisions)
{
    QList<PendingInterrupt> interrupts;
    for (const Undelivered& decision : decisions) {
        PendingInterrupt interrupt = decision.interrupt;
        interrupt.server = config().name;
        m_held.insert(keyOf(interrupt), Held{interrupt, true, false, decision.answer});
        interrupts.append(interrupt);
    }
    // Known to the watcher, they do not appear as new; the poll's end delivers them
    // (retryUndelivered()), or their going says they could not be (onGone()).
    m_watcher->adopt(interrupts);
}

QString LangGraphSource::keyOf(const PendingInterrupt& interrupt)
{
    // Both are usable ids (isUsableId: no "/"), so the pair is unambiguous.
    return interrupt.threadId + QLatin1Char('/') + interrupt.interruptId;
}

RequestOrigin LangGraphSource::originOf(const PendingInterrupt& interrupt) const
{
    RequestOrigin origin;
    origin.source = sourceNumber();
    origin.id = keyOf(interrupt);
    origin.server = config().url.toString();
    origin.serverName = config().name;
    origin.threadId = interrupt.threadId;
    origin.interruptId = interrupt.interruptId;
    origin.assistantId = interrupt.assistantId;
    return origin;
}

void LangGraphSource::onAppeared(const PendingInterrupt& interrupt)
{
    const QString key = keyOf(interrupt);
    if (m_held.contains(key))
        return; // already at the desk, or decided and waiting to be resumed
    m_held.insert(key, Held{interrupt, false, false, {}});
    // A `review` of the interrupt's value, as an agent on the socket would send it (protocol.md):
    // the same shapes, rules and answers. The graph is the agent; no timeout, as the server waits.
    IncomingRequest incoming;
    incoming.origin = originOf(interrupt);
    incoming.method = QStringLiteral("review");
    QJsonObject params{{QStringLiteral("payload"), interrupt.value},
                       {QStringLiteral("thread_id"), interrupt.threadId}};
    if (!interrupt.graphId.isEmpty())
        params.insert(QStringLiteral("agent"), interrupt.graphId);
    incoming.params = params;
    incoming.defaultAgent = config().name;
    incoming.nonCanonicalNumber = interrupt.nonCanonicalNumber;
    spdlog::info("langgraph {}: interrupt {} of graph {} handed in", config().name.toStdString(),
                 key.toStdString(), interrupt.graphId.toStdString());
    m_desk->submit(this, incoming);
}

void LangGraphSource::onGone(const PendingInterrupt& interrupt, InterruptWatcher::GoneReason reason)
{
    const QString key = keyOf(interrupt);
    const auto it = m_held.constFind(key);
    if (it == m_held.constEnd())
        return;
    const Held held = *it;
    if (reason == InterruptWatcher::GoneReason::ResumedHere || held.resuming)
        return; // ours: onResumeFinished() lets it go
    m_held.remove(key);
    if (held.answered) {
        // Decided and recorded here, but someone resumed it before this app could.
        spdlog::warn("langgraph {}: thread {} interrupt {} went before the decision made here reached it",
                     config().name.toStdString(), interrupt.threadId.toStdString(),
                     interrupt.interruptId.toStdString());
        Q_EMIT problem(tr("Your decision on thread %1 (%2) was not sent: the interrupt was resumed elsewhere "
                          "first.")
                           .arg(interrupt.threadId, config().name));
        return;
    }
    m_desk->endedAtSource(originOf(interrupt));
}

bool LangGraphSource::answer(const RequestOrigin& origin, const QJsonValue& result)
{
    const QString key = origin.id.toString();
    const auto it = m_held.find(key);
    if (it == m_held.end() || it->answered)
        return false; // gone from the server meanwhile, or answered already: nothing to resume
    it->answered = true;
    it->answer = result;
    deliver(key);
    return true;
}

bool LangGraphSource::refuse(const RequestOrigin& origin, const RpcError& error)
{
    // The interrupt's value is no request the desk can show (or the app is quitting). It stays
    // pending on the server, for another reviewer; it is not handed in again while known.
    const auto it = m_held.constFind(origin.id.toString());
    if (it == m_held.constEnd())
        return false;
    spdlog::warn("langgraph {}: thread {} interrupt {} cannot be reviewed here: {}",
                 config().name.toStdString(), it->interrupt.threadId.toStdString(),
                 it->interrupt.interruptId.toStdString(), error.message.toStdString());
    Q_EMIT problem(tr("An interrupt of thread %1 on %2 cannot be reviewed here: %3")
                       .arg(it->interrupt.threadId, config().name, error.message));
    return true;
}

bool LangGraphSource::reaches(const RequestOrigin& origin) const
{
    return m_held.contains(origin.id.toString()) && m_watcher->status().reachable;
}

void LangGraphSource::deliver(const QString& key)
{
    const auto it = m_held.find(key);
    if (it == m_held.end() || !it->answered || it->resuming)
        return;
    it->resuming = true;
    auto* guard = new ResumeGuard(m_api, this);
    connect(guard, &ResumeGuard::finished, this, [this, key, guard](const ResumeOutcome& outcome) {
        guard->deleteLater();
        onResumeFinished(key, outcome);
    });
    guard->resume(it->interrupt, it->answer);
}

void LangGraphSource::onResumeFinished(const QString& key, const ResumeOutcome& outcome)
{
    const auto it = m_held.find(key);
    if (it == m_held.end())
        return;
    it->resuming = false;
    switch (outcome.result) {
    case ResumeOutcome::Result::Resumed:
        spdlog::info("langgraph {}: {}", config().name.toStdString(), outcome.message.toStdString());
        m_watcher->markResumedHere(it->interrupt);
        m_held.erase(it);
        Q_EMIT resumed(outcome.interrupt, outcome.runId);
        return;
    case ResumeOutcome::Result::NoLongerPending:
        m_held.erase(it);
        spdlog::warn("langgraph {}: {}", config().name.toStdString(), outcome.message.toStdString());
        Q_EMIT problem(tr("Your decision on thread %1 (%2) was not sent: the interrupt is no longer pending "
                          "there (it was resumed elsewhere first).")
                           .arg(outcome.interrupt.threadId, config().name));
        return;
    case ResumeOutcome::Result::Failed:
        // Kept: tried again after the next poll that reaches the server (retryUndelivered()).
        spdlog::warn("langgraph {}: {}; tried again once the server answers", config().name.toStdString(),
                     outcome.message.toStdString());
        return;
    }
}

void LangGraphSource::retryUndelivered()
{
    QStringList keys;
    for (auto it = m_held.cbegin(); it != m_held.cend(); ++it) {
        if (it->answered && !it->resuming)
            keys.append(it.key());
    }
    for (const QString& key : std::as_const(keys))
        deliver(key);
}

} // namespace k8::agent::langgraph
