// SPDX-License-Identifier: Apache-2.0
#include "common/Kosa8Params.h"

#include "kosa8/CommandProfile.h"

namespace k8::app::kosa8params {

QVariantMap sandbox(const QString& name)
{
    return {{QStringLiteral("name"), name}};
}

QVariantMap create(const kosa8::CommandProfile& profile, const QString& name,
                   const kosa8::EgressPolicy& egress, const QStringList& mounts)
{
    QVariantMap params = sandbox(name);
    const QStringList hosts = egress.mode == kosa8::EgressPolicy::Mode::Allow ? egress.hosts : QStringList();
    params.insert(QStringLiteral("egress"), profile.egressArguments(egress.modeName(), hosts));
    params.insert(QStringLiteral("mounts"), profile.mountArguments(mounts));
    params.insert(QStringLiteral("hosts"), hosts);
    params.insert(QStringLiteral("mount_list"), mounts);
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

} // namespace k8::app::kosa8params
