// SPDX-License-Identifier: Apache-2.0
#pragma once

// LangChain HITL middleware payloads as an agent sends them (the shape src/core/agent/payload/HitlShape.h
// reads), written out in tests.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace k8::test {

inline QJsonObject hitlAction(const QString& name, const QJsonObject& args)
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("args"), args}};
}

inline QJsonObject hitlConfig(const QString& name, const QStringList& allowed)
{
    return {{QStringLiteral("action_name"), name},
            {QStringLiteral("allowed_decisions"), QJsonArray::fromStringList(allowed)}};
}

inline QJsonObject hitlPayload(const QJsonArray& actions, const QJsonArray& configs)
{
    return {{QStringLiteral("action_requests"), actions}, {QStringLiteral("review_configs"), configs}};
}

// Every decision HITL knows: approve, edit and reject.
inline QStringList allHitlDecisions()
{
    return {QStringLiteral("approve"), QStringLiteral("edit"), QStringLiteral("reject")};
}

// One action `name` with `args` that may be approved, edited or rejected.
inline QJsonObject hitlPayload(const QString& name, const QJsonObject& args)
{
    return hitlPayload({hitlAction(name, args)}, {hitlConfig(name, allHitlDecisions())});
}

} // namespace k8::test
