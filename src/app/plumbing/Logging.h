// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace k8::app {

// Sets up spdlog as the default logger for the whole process: a rotating file
// `logs/kosa8-desk.log` in the data folder, plus standard error when `verbose`. Qt's own
// messages (qDebug, qWarning, ...) are routed into it. Returns false with *error when the log
// folder cannot be created (the app then logs to standard error only and says so).
bool initLogging(const QString& dataDir, bool verbose, QString* error = nullptr);

// Flushes and drops the sinks (called at exit so the last lines reach the file).
void shutdownLogging();

// The log file path for a data folder (for the About box and tests).
QString logFilePath(const QString& dataDir);

} // namespace k8::app
