// SPDX-License-Identifier: Apache-2.0
#include "kosa8/StreamMask.h"

#include <utility>

namespace k8::kosa8 {

StreamMask::StreamMask(QByteArray secret, QByteArray mask)
    : m_secret(std::move(secret))
    , m_mask(std::move(mask))
{}

QByteArray StreamMask::feed(const QByteArray& read)
{
    if (m_secret.isEmpty())
        return read;
    QByteArray data = std::exchange(m_held, {}) + read;
    data.replace(m_secret, m_mask);
    // The longest end of the data that the secret starts with (shorter than the secret: a whole
    // one was replaced above). Only a byte that the secret starts with can begin it.
    const qsizetype longest = qMin(data.size(), m_secret.size() - 1);
    for (qsizetype length = longest; length > 0; --length) {
        const qsizetype from = data.size() - length;
        if (data.at(from) == m_secret.at(0) &&
            QByteArrayView(data).sliced(from) == QByteArrayView(m_secret).first(length)) {
            m_held = data.sliced(from);
            data.truncate(from);
            break;
        }
    }
    return data;
}

QByteArray StreamMask::finish()
{
    return std::exchange(m_held, {});
}

} // namespace k8::kosa8
