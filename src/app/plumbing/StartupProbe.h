// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace k8::app::startupprobe {

// Start-up timing for bench/startup.cpp. Off (every call does nothing) unless the environment
// variable KOSA8DESK_REPORT_FIRST_PAINT is set when the process starts:
//   "1"     report the first paint on stdout, then quit with exit code 0 (the start-up bench);
//   "stay"  report it and keep running (the idle-memory bench reads /proc while the app idles).
// The report is one JSON line: {"first_paint_ns": N, "cpu_ns": N, "phases": [{"name": "...",
// "ns": N}, ...]}, every time from std::chrono::steady_clock (CLOCK_MONOTONIC), so the bench,
// which notes the same clock before it starts the process, can tell how long each phase took;
// cpu_ns is the CPU time the process had used by then.
//
// Qt Core only, so bench/bare_window.cpp (the floor) compiles this file as it is and its first
// paint is detected exactly as the app's.

bool enabled();

// Notes that a phase of start-up ended now (a string literal: it is kept, not copied).
void mark(const char* phase);

// Watches for the first paint event any widget receives (at start-up that is the main window).
// When the event loop turn that painted it is over (the window is painted and handed to the
// platform), marks "first_paint" and reports. Call once the QCoreApplication exists.
void watchFirstPaint();

} // namespace k8::app::startupprobe
