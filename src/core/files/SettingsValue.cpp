// SPDX-License-Identifier: Apache-2.0
#include "files/SettingsValue.h"

#include <QSettings>
#include <QStringList>

namespace k8::files {

bool SettingsValue::setIfChanged(QSettings& settings, const QString& key, const QVariant& value)
{
    if (holds(settings.value(key), value))
        return false;
    settings.setValue(key, value);
    return true;
}

bool SettingsValue::holds(const QVariant& stored, const QVariant& value)
{
    if (!stored.isValid() || !value.isValid())
        return false;
    if (stored.metaType() == value.metaType())
        return stored == value;
    if (stored.typeId() != QMetaType::QString)
        return false;
    switch (value.typeId()) {
    case QMetaType::QStringList:
        return value.toStringList() == QStringList{stored.toString()};
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        return value.toString() == stored.toString();
    default:
        // Anything else is written in a form of its own (@Variant, @Rect, ...) and read back as
        // its type: text where it is expected means the file holds something else.
        return false;
    }
}

} // namespace k8::files
