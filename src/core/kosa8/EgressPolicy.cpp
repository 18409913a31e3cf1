// SPDX-License-Identifier: Apache-2.0
#include "kosa8/EgressPolicy.h"

#include <QCoreApplication>

namespace k8::kosa8 {

namespace {

QStringList cleanHosts(const QStringList& hosts)
{
    QStringList result;
    for (const QString& host : hosts) {
        const QString trimmed = host.trimmed();
        if (!trimmed.isEmpty() && !result.contains(trimmed))
            result.append(trimmed);
    }
    return result;
}

} // namespace

EgressPolicy EgressPolicy::parse(const QString& text)
{
    EgressPolicy policy;
    policy.raw = text;
    const QString trimmed = text.trimmed();
    const QString lower = trimmed.toLower();
    if (lower == QLatin1String("deny")) {
        policy.mode = Mode::Deny;
    } else if (lower == QLatin1String("any")) {
        policy.mode = Mode::Any;
    } else if (lower == QLatin1String("fakenet")) {
        policy.mode = Mode::Fakenet;
    } else if (lower.startsWith(QLatin1String("allow:"))) {
        policy.mode = Mode::Allow;
        policy.hosts = cleanHosts(trimmed.mid(6).split(QLatin1Char(',')));
    } else {
        policy.mode = Mode::Unknown;
    }
    return policy;
}

EgressPolicy EgressPolicy::allow(const QStringList& hosts)
{
    EgressPolicy policy;
    policy.mode = Mode::Allow;
    policy.hosts = cleanHosts(hosts);
    return policy;
}

QString EgressPolicy::toString() const
{
    switch (mode) {
    case Mode::Deny:
        return QStringLiteral("deny");
    case Mode::Any:
        return QStringLiteral("any");
    case Mode::Fakenet:
        return QStringLiteral("fakenet");
    case Mode::Allow:
        return QStringLiteral("allow:") + hosts.join(QLatin1Char(','));
    case Mode::Unknown:
        break;
    }
    return raw;
}

QString EgressPolicy::summary() const
{
    switch (mode) {
    case Mode::Deny:
        return tr("No network");
    case Mode::Any:
        return tr("Any network");
    case Mode::Fakenet:
        return tr("Simulated network");
    case Mode::Allow:
        if (hosts.isEmpty())
            return tr("Allow: nothing");
        if (hosts.size() == 1)
            return tr("Allow: %1").arg(hosts.first());
        return tr("Allow: %1 and %n more", nullptr, int(hosts.size() - 1)).arg(hosts.first());
    case Mode::Unknown:
        break;
    }
    return raw.trimmed().isEmpty() ? tr("Unknown") : raw.trimmed();
}

QString EgressPolicy::modeName() const
{
    switch (mode) {
    case Mode::Deny:
        return QStringLiteral("deny");
    case Mode::Any:
        return QStringLiteral("any");
    case Mode::Fakenet:
        return QStringLiteral("fakenet");
    case Mode::Allow:
    case Mode::Unknown:
        break;
    }
    return {};
}

bool EgressPolicy::operator==(const EgressPolicy& other) const
{
    if (mode != other.mode)
        return false;
    if (mode == Mode::Unknown)
        return raw == other.raw;
    return mode != Mode::Allow || hosts == other.hosts;
}

} // namespace k8::kosa8
