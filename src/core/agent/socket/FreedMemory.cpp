// SPDX-License-Identifier: Apache-2.0
#include "agent/socket/FreedMemory.h"

#include <QTimer>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace k8::agent {

namespace {

bool s_scheduled = false;

} // namespace

void FreedMemory::returnSoon()
{
    if (s_scheduled)
        return;
    s_scheduled = true;
    // A zero timer runs after the slots of the signals that announced the end, which drop the
    // views' and drafts' copies of the request.
    QTimer::singleShot(0, [] {
        s_scheduled = false;
        returnNow();
    });
}

void FreedMemory::returnNow()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

void FreedMemory::returnLargeBlocksAtOnce()
{
#if defined(__GLIBC__)
    // Setting it turns glibc's moving of it (and of the trim threshold) off.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

} // namespace k8::agent
