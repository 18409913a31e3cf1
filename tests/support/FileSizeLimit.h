// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <csignal>
#include <sys/resource.h>

namespace k8::test {

// While it lives, this process cannot make a regular file larger than `bytes` (RLIMIT_FSIZE):
// a write past the limit fails with EFBIG instead of raising SIGXFSZ. A way to make the
// ledger's writes fail for real, without a hook in the code under test. Sockets are not files;
// they are not limited.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        m_active = ::getrlimit(RLIMIT_FSIZE, &m_previous) == 0;
        if (m_active) {
            rlimit limited = m_previous;
            limited.rlim_cur = bytes;
            m_active = ::setrlimit(RLIMIT_FSIZE, &limited) == 0;
        }
    }
    ~FileSizeLimit()
    {
        if (m_active)
            ::setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_previousHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

    bool isActive() const { return m_active; }

private:
    rlimit m_previous = {};
    bool m_active = false;
    void (*m_previousHandler)(int) = nullptr;
};

} // namespace k8::test
