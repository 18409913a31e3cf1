// SPDX-License-Identifier: Apache-2.0
#pragma once

// How long tests wait (QSignalSpy::wait, QTRY_*_WITH_TIMEOUT, QProcess::waitFor*), in
// milliseconds, named for what is awaited. They bound a failure, not a pass: a test that passes
// returns as soon as its condition holds, so these are generous for a shared, busy machine.
// Waits that check that something does NOT happen are not here: their length is part of what the
// test says, so they stay next to it.

namespace k8::test::waits {

// Under the sanitizers (tests/sanitize/README.md) everything runs several times slower (ASan
// quarantines every free, TSan records every access); the bounds grow with it so a slow pass is
// not reported as a failure.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) // gcc
#define K8_TEST_SANITIZED 1
#elif defined(__has_feature) // clang
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define K8_TEST_SANITIZED 1
#endif
#endif
#ifdef K8_TEST_SANITIZED
inline constexpr int Slowdown = 4;
#else
inline constexpr int Slowdown = 1;
#endif

// A timer, a queued signal or a worker thread inside the test process.
inline constexpr int InProcess = 10'000 * Slowdown;
// The agent service in the test process over a real local socket: a request and its answer, its
// ledger's flush thread, its shutdown.
inline constexpr int Service = 15'000 * Slowdown;
// One child process; a large job in the test process (highlighting ten thousand lines); the
// agent socket while the service also runs kosa8 commands.
inline constexpr int Process = 30'000 * Slowdown;
// A kosa8 job through the runner, or a page that calls the kosa8 stand-in (a Python script)
// several times.
inline constexpr int Standin = 60'000 * Slowdown;
// The real kosa8-desk binary, or a stand-in job that creates sandboxes or images, start to end.
inline constexpr int Binary = 90'000 * Slowdown;

} // namespace k8::test::waits
