// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/EgressPolicy.h"

#include <QStringList>
#include <QVariantMap>

namespace k8::kosa8 {

class CommandProfile;

// The parameter maps for Kosa8Runner::start()/preview(), built in one place so every dialog,
// the setup wizard and the tests spell them the same way.
namespace params {

QVariantMap sandbox(const QString& name);
// `sandbox create NAME {egress...} {mounts...}`: the list parameters come from the profile's
// fragments; the raw host and mount lists go along so the runner validates each element.
QVariantMap create(const CommandProfile& profile, const QString& name, const EgressPolicy& egress,
                   const QStringList& mounts);
// `sandbox egress NAME {egress...}`: a live sandbox's egress set to `egress`.
QVariantMap egress(const CommandProfile& profile, const QString& name, const EgressPolicy& egress);
// `fork NAME -n COUNT`.
QVariantMap fork(const QString& name, int count);
QVariantMap pull(const QString& name, const QString& image);
QVariantMap checkpoint(const QString& name, const QString& label);

} // namespace params
} // namespace k8::kosa8
