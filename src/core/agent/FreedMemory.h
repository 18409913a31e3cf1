// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace k8::agent {

// Gives the memory a large request left behind back to the system. glibc's allocator keeps what
// is freed in its heap for later, and a request of megabytes parsed into millions of small values
// leaves a heap of hundreds of megabytes that the process would hold until it ends. Where a large
// request is read or leaves, its owner calls returnSoon(): on the next turn of the event loop,
// after every holder of the request has let go of it, malloc_trim() returns the free pages.
// Elsewhere than glibc it does nothing.
class FreedMemory
{
public:
    // Requests from this size on (bytes, about) are worth a trim when they go.
    static constexpr qsizetype LargeBytes = 1024 * 1024;

    // Trims once, on the next event-loop turn of the calling thread; calls until then share it.
    static void returnSoon();
    // Trims now (what returnSoon() does later).
    static void returnNow();
};

} // namespace k8::agent
