// SPDX-License-Identifier: Apache-2.0
#include "policy/EgressPresets.h"

#include "files/OwnerOnly.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace k8::policy {

namespace {

EgressPreset preset(const QString& name, std::initializer_list<std::pair<const char*, const char*>> entries)
{
    EgressPreset result;
    result.name = name;
    result.builtIn = true;
    for (const auto& [entry, note] : entries)
        result.items.append(
            {QString::fromLatin1(entry), QCoreApplication::translate("k8::policy::EgressPresets", note)});
    return result;
}

} // namespace

QList<EgressPreset> EgressPresets::builtIns()
{
    return {
        preset(EgressPresets::tr("Python packages"),
               {{"pypi.org", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "package index (pip, uv)")},
                {"files.pythonhosted.org",
                 QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "package downloads")}}),
        preset(EgressPresets::tr("npm"),
               {{"registry.npmjs.org", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "npm registry")}}),
        preset(
            EgressPresets::tr("GitHub"),
            {{"github.com", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "git clone over HTTPS")},
             {"api.github.com", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "REST API")},
             {"objects.githubusercontent.com",
              QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "release downloads")},
             {"codeload.github.com", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "archive downloads")}}),
        preset(EgressPresets::tr("Hugging Face"),
               {{"huggingface.co", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "models and datasets")},
                {"cdn-lfs.huggingface.co", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "large files")}}),
        preset(EgressPresets::tr("Debian packages"),
               {{"deb.debian.org", QT_TRANSLATE_NOOP("k8::policy::EgressPresets", "apt mirror")}}),
    };
}

QString EgressPresets::checkName(const QString& name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return EgressPresets::tr("Give the preset a name.");
    if (trimmed.size() > 80)
        return EgressPresets::tr("The preset name is %1 characters long; at most 80.").arg(trimmed.size());
    for (const EgressPreset& builtIn : builtIns()) {
        if (builtIn.name.compare(trimmed, Qt::CaseInsensitive) == 0)
            return EgressPresets::tr("\"%1\" is a built-in preset; choose another name.").arg(trimmed);
    }
    return {};
}

bool EgressPresets::loadUser(const QString& path, QList<EgressPreset>* presets, QString* error)
{
    QFile file(path);
    if (!file.exists()) {
        presets->clear();
        return true;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *error = EgressPresets::tr("Cannot read the presets file %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray data = file.read(1024 * 1024 + 1);
    auto fail = [&](const QString& reason) {
        *error = EgressPresets::tr("The presets file %1 is not usable: %2").arg(path, reason);
        return false;
    };
    if (data.size() > 1024 * 1024)
        return fail(EgressPresets::tr("it is larger than 1 MiB"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(EgressPresets::tr("line %1: not valid JSON (%2)")
                        .arg(data.left(parseError.offset).count('\n') + 1)
                        .arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root.value(QStringLiteral("version")).toInt() != 1 ||
        !root.value(QStringLiteral("presets")).isArray())
        return fail(EgressPresets::tr("it needs {\"version\": 1, \"presets\": [...]}"));
    QList<EgressPreset> read;
    for (const QJsonValue& value : root.value(QStringLiteral("presets")).toArray()) {
        const QJsonObject object = value.toObject();
        EgressPreset preset;
        preset.name = object.value(QStringLiteral("name")).toString().trimmed();
        if (preset.name.isEmpty() || !object.value(QStringLiteral("entries")).isArray())
            return fail(EgressPresets::tr("every preset needs a \"name\" and \"entries\""));
        for (const QJsonValue& entryValue : object.value(QStringLiteral("entries")).toArray()) {
            const QJsonObject entry = entryValue.toObject();
            const QString text = entry.value(QStringLiteral("entry")).toString();
            if (!EgressEntry::parse(text).isValid())
                return fail(
                    EgressPresets::tr("preset \"%1\": %2").arg(preset.name, EgressEntry::parse(text).error));
            preset.items.append({text, entry.value(QStringLiteral("note")).toString()});
        }
        read.append(preset);
    }
    *presets = read;
    return true;
}

bool EgressPresets::saveUser(const QString& path, const QList<EgressPreset>& presets, QString* error)
{
    QJsonArray list;
    for (const EgressPreset& preset : presets) {
        if (preset.builtIn)
            continue;
        QJsonArray entries;
        for (const EgressRules::Item& item : preset.items) {
            QJsonObject entry{{QStringLiteral("entry"), item.entry}};
            if (!item.note.isEmpty())
                entry.insert(QStringLiteral("note"), item.note);
            entries.append(entry);
        }
        list.append(QJsonObject{{QStringLiteral("name"), preset.name}, {QStringLiteral("entries"), entries}});
    }
    const QJsonObject root{{QStringLiteral("version"), 1}, {QStringLiteral("presets"), list}};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !files::OwnerOnly::restrictFile(file) ||
        file.write(QJsonDocument(root).toJson()) < 0 || !file.commit()) {
        *error = EgressPresets::tr("Cannot save the presets to %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace k8::policy
