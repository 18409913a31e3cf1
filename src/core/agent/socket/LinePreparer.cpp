// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/LinePreparer.h"

#include "agent/socket/FreedMemory.h"

namespace k8::agent {

LinePreparer::LinePreparer(QObject* parent)
    : QObject(parent)
{}

LinePreparer::~LinePreparer()
{
    // A task still running posts to this object when it ends: it must end first.
    m_worker.waitForIdle();
}

void LinePreparer::prepare(quint64 connectionId, const QByteArray& line, MessagePreparation preparation)
{
    auto slot = std::make_shared<Slot>();
    m_inFlight.append({connectionId, slot});
    m_worker.post([this, slot, line, preparation = std::move(preparation)] {
        ParsedLine parsed;
        parsed.bytes = line.size();
        parsed.parsed = parseRpcLine(line, &parsed.message, &parsed.error, &parsed.errorId);
        if (parsed.parsed && preparation)
            preparation(&parsed.message);
        // Parsing and preparing megabytes left as much garbage in this thread's own malloc arena,
        // which the UI thread's allocations cannot reuse: back to the system before the request
        // is shown, so that the two do not add up at the peak.
        if (line.size() >= FreedMemory::LargeBytes)
            FreedMemory::returnNow();
        {
            std::lock_guard lock(slot->mutex);
            slot->line = std::move(parsed);
        }
        // The destructor waits for this task, so `this` is still there.
        QMetaObject::invokeMethod(this, "deliverReady", Qt::QueuedConnection);
    });
}

void LinePreparer::deliverReady()
{
    while (!m_inFlight.isEmpty()) {
        std::optional<ParsedLine> line;
        {
            const std::shared_ptr<Slot> slot = m_inFlight.constFirst().slot;
            std::lock_guard lock(slot->mutex);
            if (!slot->line)
                return; // a later line waits for an earlier one
            line = std::move(slot->line);
        }
        const quint64 connectionId = m_inFlight.takeFirst().connectionId;
        if (m_ready)
            m_ready(connectionId, *line);
    }
}

} // namespace k8::agent
