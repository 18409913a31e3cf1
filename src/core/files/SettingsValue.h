// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QVariant>

class QSettings;

namespace k8::files {

// A key of a QSettings file, set only when its value changes. QSettings counts every setValue()
// as a change, even of a value it already holds, and its next sync() then rewrites the whole file
// with a lock file, a temporary file and an fdatasync: kosa8 Desk did that at every start and
// quit although nothing had changed (issue 26). Every writer of the settings file sets through
// this, so a value that is already stored costs a read and writes nothing.
class SettingsValue
{
public:
    // Sets `key` to `value` unless it already holds it; true when it set it.
    static bool setIfChanged(QSettings& settings, const QString& key, const QVariant& value);

    // Whether `stored`, as QSettings gives it back, is `value`. An INI file gives a number or a
    // boolean back as the text it was written as (QVariant::toString()) and a list of one
    // string as that string; the other types come back as written.
    static bool holds(const QVariant& stored, const QVariant& value);
};

} // namespace k8::files
