// SPDX-License-Identifier: Apache-2.0
#include "agent/AgentSettings.h"

#include <QDir>

namespace k8::agent {

QString AgentSettings::rulesPath() const
{
    return QDir(dataDir).filePath(QStringLiteral("rules.json"));
}

QString AgentSettings::ledgerPath() const
{
    return QDir(dataDir).filePath(QStringLiteral("ledger.jsonl"));
}

} // namespace k8::agent
