// SPDX-License-Identifier: Apache-2.0
#pragma once

// How long tests wait (QSignalSpy::wait, QTRY_*_WITH_TIMEOUT, QProcess::waitFor*), in
// milliseconds, named for what is awaited. They bound a failure, not a pass: a test that passes
// returns as soon as its condition holds, so these are generous for a shared, busy machine.
// Waits that check that something does NOT happen are not here: their length is part of what the
// test says, so they stay next to it.

namespace k8::test::waits {

// A timer, a queued signal or a worker thread inside the test process.
inline constexpr int InProcess = 10'000;
// The agent service in the test process over a real local socket: a request and its answer, its
// ledger's flush thread, its shutdown.
inline constexpr int Service = 15'000;
// One child process; a large job in the test process (highlighting ten thousand lines); the
// agent socket while the service also runs kosa8 commands.
inline constexpr int Process = 30'000;
// A kosa8 job through the runner, or a page that calls the kosa8 stand-in (a Python script)
// several times.
inline constexpr int Standin = 60'000;
// The real kosa8-desk binary, or a stand-in job that creates sandboxes or images, start to end.
inline constexpr int Binary = 90'000;

} // namespace k8::test::waits
