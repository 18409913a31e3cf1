// SPDX-License-Identifier: Apache-2.0
#include "kosa8/Kosa8Params.h"

#include "kosa8/CommandProfile.h"

namespace k8::kosa8::params {

QVariantMap sandbox(const QString& name)
{
    return {{QStringLiteral("name"), name}};
}

QVariantMap create(const CommandProfile& profile, const QString& name, const EgressPolicy& egress,
                   const QStringList& mounts)
{
    QVariantMap params = sandbox(name);
    const QStringList hosts = egress.mode == EgressPolicy::Mode::Allow ? egress.hosts : QStringList();
    params.insert(QStringLiteral("egress"), profile.egressArguments(egress.modeName(), hosts));
    params.insert(QStringLiteral("mounts"), profile.mountArguments(mounts));
    params.insert(QStringLiteral("hosts"), hosts);
    params.insert(QStringLiteral("mount_list"), mounts);
    return params;
}

QVariantMap egress(const CommandProfile& profile, const QString& name, const EgressPolicy& egress)
{
    QVariantMap params = sandbox(name);
    const QStringList hosts = egress.mode == EgressPolicy::Mode::Allow ? egress.hosts : QStringList();
    params.insert(QStringLiteral("egress"), profile.egressArguments(egress.modeName(), hosts));
    params.insert(QStringLiteral("hosts"), hosts);
    return params;
}

QVariantMap fork(const QString& name, int count)
{
    QVariantMap params = sandbox(name);
    params.insert(QStringLiteral("count"), QString::number(count));
    return params;
}

QVariantMap pull(const QString& name, const QString& image)
{
    QVariantMap params = sandbox(name);
    params.insert(QStringLiteral("image"), image);
    return params;
}

QVariantMap checkpoint(const QString& name, const QString& label)
{
    QVariantMap params = sandbox(name);
    params.insert(QStringLiteral("label"), label);
    return params;
}

} // namespace k8::kosa8::params
