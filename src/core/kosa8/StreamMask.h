// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

namespace k8::kosa8 {

// Masks every occurrence of a secret (the connection's token) in a byte stream that arrives in
// reads of any size, also one that a read boundary splits in two: the end of a read that could
// be the start of the secret is held back until the next read, or the end of the stream, shows
// what it is. Without this, a token cut by two reads of kosa8's pipe went out unmasked in the
// run's streamed output (to the console and to the agent) even though the run's result, masked
// again at the end, did not hold it.
class StreamMask
{
public:
    // An empty secret masks nothing and holds nothing back.
    StreamMask(QByteArray secret, QByteArray mask);

    // What of the stream can go out now, masked: the bytes held back before, then `read`, less
    // the end that could begin the secret (never more than its length less one byte).
    QByteArray feed(const QByteArray& read);
    // The bytes still held back, at the stream's end (never the whole secret).
    QByteArray finish();
    bool isHolding() const { return !m_held.isEmpty(); }

private:
    QByteArray m_secret;
    QByteArray m_mask;
    QByteArray m_held;
};

} // namespace k8::kosa8
