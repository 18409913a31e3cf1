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
    QByteArrayView rest(bytes);
    while (!rest.isEmpty()) {
        if (m_closed) {
            m_droppedBytes += rest.size();
            return;
        }
        rest = rest.sliced(forwardPiece(isStderr, rest));
    }
}

qsizetype RunOutputForwarder::forwardPiece(bool isStderr, QByteArrayView rest)
{
    // Pieces of at most MaxOutputPieceBytes of kosa8's bytes: valid UTF-8 is sent as it is, the
    // same size.
    qsizetype cut = cutAfterCharacter(rest, MaxOutputPieceBytes);
    RequestSource* source = m_source ? m_source() : nullptr;
    if (!source || !source->reaches(m_origin))
        m_closed = true;
    // An agent that does not keep up loses this piece, not the later ones: checked before the
    // piece is looked at.
    if (m_closed || source->backlog(m_origin) > m_maxQueuedBytes) {
        m_droppedBytes += cut;
        return cut;
    }
    // Valid UTF-8 is its own text: written into the line as printed, never decoded into a QString
    // and a QJsonObject (which cost three times the rest of the way of a byte).
    QByteArray converted;
    QByteArrayView utf8 = rest.first(cut);
    if (!utf8.isValidUtf8()) {
        // Bytes that are not UTF-8 decode to at most three times as many (each byte that starts
        // no character becomes U+FFFD, three bytes), so a third of a piece fits once decoded and
        // each byte is decoded once. (Decoding the whole piece and halving it until it fitted
        // decoded output of random bytes two to three times over.)
        cut = cutAfterCharacter(rest, MaxOutputPieceBytes / 3);
        utf8 = rest.first(cut);
        if (!utf8.isValidUtf8()) {
            converted = replaceInvalidUtf8(utf8);
            utf8 = converted;
        }
    }
    Q_ASSERT(utf8.size() <= MaxOutputPieceBytes);
    m_decodedBytes += cut;
    // Whole pieces only: a notification is either sent as the code printed it or counted. The
    // first piece that does not fit ends what the agent gets.
    if (m_sentBytes + utf8.size() > m_maxBytes) {
        m_closed = true;
        m_droppedBytes += cut;
        return cut;
    }
    if (source->sendRunOutput(m_origin, isStderr, utf8))
        m_sentBytes += utf8.size();
    else
        m_droppedBytes += cut;
    return cut;
}

} // namespace k8::agent
