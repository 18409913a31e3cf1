// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace k8::app {

// When to refresh next: the normal interval while kosa8 answers; while it fails, a short first
// retry that doubles up to a ceiling, so a missing kosa8 is not hammered every few seconds.
class RefreshBackoff
{
public:
    explicit RefreshBackoff(int normalIntervalMs, int firstRetryMs = 5'000, int maxRetryMs = 120'000);

    void setNormalInterval(int ms) { m_normalMs = ms; }
    int normalInterval() const { return m_normalMs; }
    // Record an outcome; return the delay before the next refresh.
    int recordSuccess();
    int recordFailure();
    int consecutiveFailures() const { return m_failures; }
    int currentDelay() const { return m_currentMs; }

private:
    int m_normalMs;
    int m_firstRetryMs;
    int m_maxRetryMs;
    int m_failures = 0;
    int m_currentMs;
};

} // namespace k8::app
