// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/runs/RunExecutor.h"
#include "agent/socket/AgentServer.h"

#include <QHash>
#include <QString>

namespace k8::agent {

// Everything the agent service needs from the app's settings and command line.
struct AgentSettings
{
    // --socket PATH; empty: KOSA8_DESK_SOCKET, then the platform default (SocketPath::resolve).
    QString socketPath;
    // --data-dir: rules.json and ledger.jsonl live here. Required.
    QString dataDir;
    // --rules FILE: extra standing rules, read-only to the app. Optional.
    QString rulesFile;
    // The sandbox `run` uses when the request names none (empty: none configured -> -32011).
    QString defaultSandbox;
    // Image per language when the request names none; missing languages use the built-in
    // defaults (python:3.12-slim, debian:bookworm-slim, node:22-slim).
    QHash<QString, QString> imageByLanguage;
    AgentLimits limits;
    qint64 runStdinThresholdBytes = RunExecutor::DefaultStdinThresholdBytes;
    // The longest the checkpoint before a run and the reset after it may take, also when the run
    // has no timeout_s (the settings' "Checkpoint and reset time limit").
    int runStepLimitMs = RunExecutor::DefaultStepLimitMs;
    // What `hello` reports; empty: QCoreApplication::applicationVersion().
    QString serverVersion;

    QString rulesPath() const;  // <dataDir>/rules.json
    QString ledgerPath() const; // <dataDir>/ledger.jsonl
};

} // namespace k8::agent
