// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/RunOutputForwarder.h"

#include "agent/request/RequestSource.h"
#include "agent/runs/OutputPieces.h"

#include <utility>

namespace k8::agent {

RunOutputForwarder::RunOutputForwarder(std::function<RequestSource*()> source, const RequestOrigin& origin,
                                       qint64 maxBytes, qint64 maxQueuedBytes)
    : m_source(std::move(source))
    , m_origin(origin)
    , m_maxBytes(maxBytes)
    , m_maxQueuedBytes(maxQueuedBytes)
{}

void RunOutputForwarder::forward(bool isStderr, const QString& text)
{
    const qint64 bytes = utf8Size(text);
    if (bytes == 0)
        return;
    // Whole pieces only: a piece is either sent as the code printed it or counted.
    const bool withinBudget = m_sentBytes + bytes <= m_maxBytes;
    RequestSource* source = m_source ? m_source() : nullptr;
    const bool agentKeepsUp = source && source->backlog(m_origin) <= m_maxQueuedBytes;
    if (!withinBudget || !agentKeepsUp || !source->reaches(m_origin)) {
        m_droppedBytes += bytes;
        return;
    }
    if (source->sendRunOutput(m_origin, isStderr, text))
        m_sentBytes += bytes;
    else
        m_droppedBytes += bytes;
}

} // namespace k8::agent
