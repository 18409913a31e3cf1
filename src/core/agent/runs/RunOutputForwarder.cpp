// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/RunOutputForwarder.h"

#include "agent/request/RequestSource.h"
#include "agent/runs/OutputPieces.h"

#include <utility>

namespace k8::agent {

namespace {

// Where to cut `bytes` to at most `max` bytes after a whole character (at least one byte).
qsizetype cutAfterCharacter(QByteArrayView bytes, qsizetype max)
{
    if (bytes.size() <= max)
        return bytes.size();
    const qsizetype cut = wholeUtf8Length(bytes.first(max));
    return cut > 0 ? cut : max;
}

} // namespace

RunOutputForwarder::RunOutputForwarder(std::function<RequestSource*()> source, const RequestOrigin& origin,
                                       qint64 maxBytes, qint64 maxQueuedBytes)
    : m_source(std::move(source))
    , m_origin(origin)
    , m_maxBytes(maxBytes)
    , m_maxQueuedBytes(maxQueuedBytes)
{}

void RunOutputForwarder::forward(bool isStderr, const QByteArray& bytes)
{
    // Pieces of at most MaxOutputPieceBytes of kosa8's bytes: valid UTF-8 is sent as it is, the
    // same size. A piece that is not UTF-8 decodes to more (U+FFFD is three bytes) and is halved
    // until it fits.
    QByteArrayView rest(bytes);
    while (!rest.isEmpty()) {
        if (m_closed) {
            m_droppedBytes += rest.size();
            return;
        }
        const qsizetype cut = cutAfterCharacter(rest, MaxOutputPieceBytes);
        forwardPiece(isStderr, rest.first(cut));
        rest = rest.sliced(cut);
    }
}

void RunOutputForwarder::forwardPiece(bool isStderr, QByteArrayView bytes)
{
    RequestSource* source = m_source ? m_source() : nullptr;
    if (!source || !source->reaches(m_origin))
        m_closed = true;
    // An agent that does not keep up loses this piece, not the later ones: checked before the
    // piece is looked at.
    if (m_closed || source->backlog(m_origin) > m_maxQueuedBytes) {
        m_droppedBytes += bytes.size();
        return;
    }
    m_decodedBytes += bytes.size();
    // Valid UTF-8 is its own text: written into the line as printed, never decoded into a QString
    // and a QJsonObject (which cost three times the rest of the way of a byte).
    QByteArray converted;
    QByteArrayView utf8 = bytes;
    if (!bytes.isValidUtf8()) {
        converted = decodeUtf8Piece(bytes).toUtf8();
        utf8 = converted;
    }
    if (utf8.size() > MaxOutputPieceBytes && bytes.size() > 1) {
        const qsizetype half = cutAfterCharacter(bytes, bytes.size() / 2);
        forwardPiece(isStderr, bytes.first(half));
        if (!m_closed)
            forwardPiece(isStderr, bytes.sliced(half));
        else
            m_droppedBytes += bytes.size() - half;
        return;
    }
    // Whole pieces only: a notification is either sent as the code printed it or counted. The
    // first piece that does not fit ends what the agent gets.
    if (m_sentBytes + utf8.size() > m_maxBytes) {
        m_closed = true;
        m_droppedBytes += bytes.size();
        return;
    }
    if (source->sendRunOutput(m_origin, isStderr, utf8))
        m_sentBytes += utf8.size();
    else
        m_droppedBytes += bytes.size();
}

} // namespace k8::agent
