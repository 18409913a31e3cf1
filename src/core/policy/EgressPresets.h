// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "policy/EgressRules.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace k8::policy {

// A named set of allow-list entries the person sees before adding them.
struct EgressPreset
{
    QString name;
    QList<EgressRules::Item> items;
    bool builtIn = false;
};

// The built-in presets (Python packages, npm, GitHub, Hugging Face, Debian packages) and the
// user's own, saved as `egress-presets.json` in the data folder:
//   {"version": 1, "presets": [{"name": "...", "entries": [{"entry": "...", "note": "..."}]}]}
class EgressPresets
{
    Q_DECLARE_TR_FUNCTIONS(k8::policy::EgressPresets)
public:
    static QList<EgressPreset> builtIns();
    static QString fileName() { return QStringLiteral("egress-presets.json"); }

    // Reads the user's presets; a missing file is an empty list. A broken file returns false with
    // *error naming it and the line; nothing is half-read.
    static bool loadUser(const QString& path, QList<EgressPreset>* presets, QString* error);
    // Writes atomically (QSaveFile).
    static bool saveUser(const QString& path, const QList<EgressPreset>& presets, QString* error);
    // Checks a user preset's name: not empty, not a built-in's name. Empty when fine.
    static QString checkName(const QString& name);
};

} // namespace k8::policy
