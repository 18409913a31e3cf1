// SPDX-License-Identifier: Apache-2.0
#include "sandboxes/RefreshBackoff.h"

#include <algorithm>

namespace k8::app {

RefreshBackoff::RefreshBackoff(int normalIntervalMs, int firstRetryMs, int maxRetryMs)
    : m_normalMs(normalIntervalMs)
    , m_firstRetryMs(firstRetryMs)
    , m_maxRetryMs(maxRetryMs)
    , m_currentMs(normalIntervalMs)
{}

int RefreshBackoff::recordSuccess()
{
    m_failures = 0;
    m_currentMs = m_normalMs;
    return m_currentMs;
}

int RefreshBackoff::recordFailure()
{
    ++m_failures;
    m_currentMs = m_failures == 1 ? m_firstRetryMs : std::min(m_currentMs * 2, m_maxRetryMs);
    return m_currentMs;
}

} // namespace k8::app
