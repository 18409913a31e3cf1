// SPDX-License-Identifier: Apache-2.0
#include "agent/runs/SandboxDirectory.h"

#include <QJsonArray>

namespace k8::agent {

QJsonObject SandboxDirectory::describeEgress(const kosa8::EgressPolicy& egress)
{
    using Mode = kosa8::EgressPolicy::Mode;
    QString mode;
    switch (egress.mode) {
    case Mode::Deny:
        mode = QStringLiteral("deny");
        break;
    case Mode::Any:
        mode = QStringLiteral("any");
        break;
    case Mode::Fakenet:
        mode = QStringLiteral("fakenet");
        break;
    case Mode::Allow:
        mode = QStringLiteral("allow");
        break;
    case Mode::Unknown:
        mode = QStringLiteral("unknown");
        break;
    }
    QJsonObject out{{QStringLiteral("mode"), mode},
                    {QStringLiteral("text"), egress.mode == Mode::Unknown ? egress.raw : egress.toString()}};
    if (egress.mode == Mode::Allow)
        out.insert(QStringLiteral("hosts"), QJsonArray::fromStringList(egress.hosts));
    return out;
}

QJsonObject SandboxDirectory::describe(const SandboxDirectory* directory, const QString& defaultSandbox)
{
    QJsonArray list;
    const bool listed = directory && directory->isListed();
    if (listed) {
        for (const kosa8::Sandbox& sandbox : directory->sandboxes()) {
            list.append(QJsonObject{{QStringLiteral("name"), sandbox.name},
                                    {QStringLiteral("status"), sandbox.status},
                                    {QStringLiteral("images"), QJsonArray::fromStringList(sandbox.images)},
                                    {QStringLiteral("egress"), describeEgress(sandbox.egress)}});
        }
    }
    const int unreadable = listed ? qMax(0, directory->unreadableLines()) : 0;
    return QJsonObject{{QStringLiteral("listed"), listed},
                       {QStringLiteral("default_sandbox"),
                        defaultSandbox.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(defaultSandbox)},
                       {QStringLiteral("sandboxes"), list},
                       {QStringLiteral("partial"), unreadable > 0},
                       {QStringLiteral("unreadable_lines"), unreadable}};
}

} // namespace k8::agent
