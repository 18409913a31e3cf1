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

    // Called once, first thing in main(): blocks from 256 KiB on get pages of their own, which go
    // back to the system when freed. glibc otherwise raises that size to the largest block freed
    // so far (up to 32 MiB), and from then on keeps such blocks in its heaps; a heap of another
    // thread (the worker that prepares large requests, LinePreparer.h) then keeps up to twice that
    // at its top, which malloc_trim() does not return: the largest run left 32 MiB behind, with
    // this 10 MiB (tst_e2e_large_requests). Elsewhere than glibc it does nothing.
    static void returnLargeBlocksAtOnce();
};

} // namespace k8::agent
