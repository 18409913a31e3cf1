// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CommandProfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace k8::kosa8 {

namespace {

QStringList words(std::initializer_list<const char*> list)
{
    QStringList result;
    for (const char* word : list)
        result.append(QString::fromLatin1(word));
    return result;
}

// Placeholders the app fills in. Scalars may appear alone or inside a word ("--to={label}");
// lists only alone, as "{key...}".
const QSet<QString>& scalarPlaceholders()
{
    static const QSet<QString> keys = {
        QStringLiteral("name"),  QStringLiteral("image"), QStringLiteral("label"),
        QStringLiteral("id"),    QStringLiteral("mode"),  QStringLiteral("host"),
        QStringLiteral("mount"), QStringLiteral("code"),  QStringLiteral("count")};
    return keys;
}

const QSet<QString>& listPlaceholders()
{
    static const QSet<QString> keys = {QStringLiteral("egress"), QStringLiteral("mounts"),
                                       QStringLiteral("interpreter")};
    return keys;
}

const QRegularExpression& placeholderPattern()
{
    static const QRegularExpression re(QStringLiteral("\\{([^{}]*)\\}"));
    return re;
}

// Empty when every placeholder in the template is known, else what is wrong.
QString checkTemplate(const QStringList& templateWords)
{
    for (const QString& word : templateWords) {
        auto it = placeholderPattern().globalMatch(word);
        while (it.hasNext()) {
            const auto match = it.next();
            QString key = match.captured(1);
            if (key.endsWith(QLatin1String("..."))) {
                key.chop(3);
                if (!listPlaceholders().contains(key))
                    return CommandProfile::tr("unknown list placeholder \"{%1...}\"").arg(key);
                if (match.captured(0) != word)
                    return CommandProfile::tr("list placeholder \"%1\" must be a word of its own")
                        .arg(match.captured(0));
            } else if (!scalarPlaceholders().contains(key)) {
                if (listPlaceholders().contains(key))
                    return CommandProfile::tr("placeholder \"{%1}\" holds a list: write \"{%1...}\"")
                        .arg(key);
                return CommandProfile::tr("unknown placeholder \"{%1}\"").arg(key);
            }
        }
    }
    return {};
}

QString sortedKeys(const QStringList& keys)
{
    QStringList sorted = keys;
    sorted.sort();
    return sorted.join(QStringLiteral(", "));
}

} // namespace

CommandProfile CommandProfile::builtIn()
{
    CommandProfile profile;
    auto op = [&profile](Operation operation, std::initializer_list<const char*> list) {
        profile.m_operations.insert(operationKey(operation), words(list));
    };
    // kosa8's documented commands plus this project's defaults for the undocumented ones; the
    // stand-in (tests/standin) implements exactly these.
    op(Operation::Version, {"version"});
    op(Operation::Doctor, {"doctor"});
    op(Operation::DaemonStatus, {"daemon", "status"});
    op(Operation::DaemonStart, {"daemon", "start"});
    op(Operation::DaemonStop, {"daemon", "stop"});
    op(Operation::SandboxList, {"sandbox", "ls"});
    op(Operation::SandboxCreate, {"sandbox", "create", "{name}", "{egress...}", "{mounts...}"});
    op(Operation::SandboxStart, {"sandbox", "start", "{name}"});
    op(Operation::SandboxStop, {"sandbox", "stop", "{name}"});
    op(Operation::SandboxRemove, {"sandbox", "rm", "{name}"});
    op(Operation::SandboxPull, {"sandbox", "pull", "{name}", "{image}"});
    op(Operation::SandboxImages, {"sandbox", "images", "{name}"});
    op(Operation::SandboxRun, {"sandbox", "run", "{name}", "{image}", "{interpreter...}"});
    op(Operation::SandboxRunStdin, {"sandbox", "run", "-i", "{name}", "{image}", "{interpreter...}"});
    op(Operation::SandboxEgress, {"sandbox", "egress", "{name}", "{egress...}"});
    op(Operation::CheckpointCreate, {"checkpoint", "{name}", "--label", "{label}"});
    op(Operation::CheckpointList, {"checkpoint", "ls", "{name}"});
    op(Operation::Rewind, {"rewind", "{name}", "--to", "{label}", "--yes"});
    op(Operation::SnapshotCreate, {"snapshot", "create", "{name}"});
    op(Operation::SnapshotList, {"snapshot", "ls", "{name}"});
    op(Operation::SnapshotRestore, {"snapshot", "restore", "{name}", "{id}"});
    op(Operation::SnapshotRemove, {"snapshot", "rm", "{name}", "{id}"});
    op(Operation::AuditList, {"audit", "ls"});
    op(Operation::AuditVerify, {"audit", "verify"});
    op(Operation::Fork, {"fork", "{name}", "-n", "{count}"});
    op(Operation::McpTools, {"mcp", "tools"});

    profile.m_fragments.insert(QStringLiteral("egress.mode"), words({"--egress", "{mode}"}));
    profile.m_fragments.insert(QStringLiteral("egress.allow"), words({"--egress-allow", "{host}"}));
    profile.m_fragments.insert(QStringLiteral("mount"), words({"-v", "{mount}"}));

    profile.m_interpreters.insert(QStringLiteral("python"), words({"python", "-c", "{code}"}));
    profile.m_interpreters.insert(QStringLiteral("python.stdin"), words({"python", "-"}));
    profile.m_interpreters.insert(QStringLiteral("bash"), words({"bash", "-c", "{code}"}));
    profile.m_interpreters.insert(QStringLiteral("bash.stdin"), words({"bash", "-s"}));
    profile.m_interpreters.insert(QStringLiteral("node"), words({"node", "-e", "{code}"}));
    profile.m_interpreters.insert(QStringLiteral("node.stdin"), words({"node", "-"}));
    return profile;
}

bool CommandProfile::loadOverrides(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error =
                CommandProfile::tr("Cannot read the command profile %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray data = file.read(4 * 1024 * 1024 + 1);
    if (data.size() > 4 * 1024 * 1024) {
        if (error)
            *error = CommandProfile::tr("The command profile %1 is larger than 4 MiB.").arg(path);
        return false;
    }
    if (!loadOverridesFromJson(data, path, error))
        return false;
    m_sourcePath = path;
    return true;
}

bool CommandProfile::loadOverridesFromJson(const QByteArray& json, const QString& sourceName, QString* error)
{
    auto fail = [&](const QString& what) {
        if (error)
            *error = CommandProfile::tr("Command profile %1: %2").arg(sourceName, what);
        return false;
    };

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(CommandProfile::tr("not valid JSON at offset %1: %2")
                        .arg(parseError.offset)
                        .arg(parseError.errorString()));
    if (!doc.isObject())
        return fail(CommandProfile::tr(
            "the top level must be a JSON object with \"operations\", \"fragments\" and/or "
            "\"interpreters\""));

    CommandProfile updated = builtIn();
    const QJsonObject root = doc.object();
    static const QRegularExpression languageKey(QStringLiteral("^[a-z][a-z0-9_+-]*(\\.stdin)?\\z"));

    for (auto section = root.begin(); section != root.end(); ++section) {
        const QString sectionName = section.key();
        QHash<QString, QStringList>* target = nullptr;
        if (sectionName == QLatin1String("operations"))
            target = &updated.m_operations;
        else if (sectionName == QLatin1String("fragments"))
            target = &updated.m_fragments;
        else if (sectionName == QLatin1String("interpreters"))
            target = &updated.m_interpreters;
        else
            return fail(
                CommandProfile::tr("unknown key \"%1\" (allowed: operations, fragments, interpreters)")
                    .arg(sectionName));
        if (!section.value().isObject())
            return fail(CommandProfile::tr("\"%1\" must be an object of key: [words]").arg(sectionName));

        const QJsonObject entries = section.value().toObject();
        for (auto entry = entries.begin(); entry != entries.end(); ++entry) {
            const QString key = entry.key();
            const QString where = sectionName + QLatin1Char('.') + key;
            if (sectionName == QLatin1String("operations") && !operationFromKey(key, nullptr)) {
                QStringList known;
                for (Operation op : allOperations())
                    known.append(operationKey(op));
                return fail(
                    CommandProfile::tr("unknown operation \"%1\" (known: %2)").arg(key, sortedKeys(known)));
            }
            if (sectionName == QLatin1String("fragments") && !builtIn().m_fragments.contains(key))
                return fail(CommandProfile::tr("unknown fragment \"%1\" (known: %2)")
                                .arg(key, sortedKeys(builtIn().m_fragments.keys())));
            if (sectionName == QLatin1String("interpreters") && !languageKey.match(key).hasMatch())
                return fail(
                    CommandProfile::tr("interpreter key \"%1\" must be a language name like \"python\" or "
                                       "\"python.stdin\"")
                        .arg(key));
            if (!entry.value().isArray())
                return fail(CommandProfile::tr("\"%1\" must be an array of strings").arg(where));
            const QJsonArray array = entry.value().toArray();
            if (array.isEmpty())
                return fail(CommandProfile::tr("\"%1\" is empty; it needs at least one word").arg(where));
            QStringList templateWords;
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (!array.at(i).isString())
                    return fail(CommandProfile::tr("\"%1\" element %2 is not a string").arg(where).arg(i));
                templateWords.append(array.at(i).toString());
            }
            const QString problem = checkTemplate(templateWords);
            if (!problem.isEmpty())
                return fail(CommandProfile::tr("\"%1\": %2").arg(where, problem));
            target->insert(key, templateWords);
        }
    }

    // Remember which entries now differ from the defaults, for the settings view.
    const CommandProfile defaults = builtIn();
    auto collect = [&](const char* prefix, const QHash<QString, QStringList>& now,
                       const QHash<QString, QStringList>& base) {
        for (auto it = now.begin(); it != now.end(); ++it) {
            if (base.value(it.key()) != it.value())
                updated.m_overridden.append(QString::fromLatin1(prefix) + it.key());
        }
    };
    collect("operations.", updated.m_operations, defaults.m_operations);
    collect("fragments.", updated.m_fragments, defaults.m_fragments);
    collect("interpreters.", updated.m_interpreters, defaults.m_interpreters);
    updated.m_overridden.sort();
    updated.m_sourcePath = sourceName;
    *this = updated;
    return true;
}

QStringList CommandProfile::overriddenKeys() const
{
    return m_overridden;
}

QStringList CommandProfile::operationTemplate(Operation op) const
{
    return m_operations.value(operationKey(op));
}

QStringList CommandProfile::placeholders(Operation op) const
{
    QStringList keys;
    for (const QString& word : operationTemplate(op)) {
        auto it = placeholderPattern().globalMatch(word);
        while (it.hasNext()) {
            QString key = it.next().captured(1);
            if (key.endsWith(QLatin1String("...")))
                key.chop(3);
            if (!keys.contains(key))
                keys.append(key);
        }
    }
    return keys;
}

namespace {

// Expands one template. Returns false with *error naming the missing parameter.
bool expand(const QStringList& templ, const QVariantMap& params, QStringList* out, QString* error)
{
    for (const QString& word : templ) {
        const auto whole = placeholderPattern().match(word);
        if (whole.hasMatch() && whole.captured(0) == word &&
            whole.captured(1).endsWith(QLatin1String("..."))) {
            const QString key = whole.captured(1).chopped(3);
            if (!params.contains(key)) {
                if (error)
                    *error = CommandProfile::tr("no value for the list \"{%1...}\"").arg(key);
                return false;
            }
            out->append(params.value(key).toStringList());
            continue;
        }
        QString expanded;
        qsizetype last = 0;
        auto it = placeholderPattern().globalMatch(word);
        while (it.hasNext()) {
            const auto match = it.next();
            const QString key = match.captured(1);
            const QVariant value = params.value(key);
            if (!params.contains(key) || (value.toString().isEmpty() && key != QLatin1String("code"))) {
                if (error)
                    *error = CommandProfile::tr("no value for \"{%1}\"").arg(key);
                return false;
            }
            expanded += word.mid(last, match.capturedStart() - last);
            expanded += value.toString();
            last = match.capturedEnd();
        }
        expanded += word.mid(last);
        out->append(expanded);
    }
    return true;
}

} // namespace

QStringList CommandProfile::arguments(Operation op, const QVariantMap& params, QString* error) const
{
    const QStringList templ = operationTemplate(op);
    if (templ.isEmpty()) {
        if (error)
            *error = CommandProfile::tr("the command profile has no entry for \"%1\"").arg(operationKey(op));
        return {};
    }
    QStringList out;
    QString problem;
    if (!expand(templ, params, &out, &problem)) {
        if (error)
            *error =
                CommandProfile::tr("Cannot build the command for \"%1\": %2").arg(operationKey(op), problem);
        return {};
    }
    return out;
}

QStringList CommandProfile::egressArguments(const QString& modeName, const QStringList& allowHosts) const
{
    QStringList out;
    if (!allowHosts.isEmpty()) {
        for (const QString& host : allowHosts)
            expand(m_fragments.value(QStringLiteral("egress.allow")), {{QStringLiteral("host"), host}}, &out,
                   nullptr);
        return out;
    }
    if (!modeName.isEmpty())
        expand(m_fragments.value(QStringLiteral("egress.mode")), {{QStringLiteral("mode"), modeName}}, &out,
               nullptr);
    return out;
}

QStringList CommandProfile::mountArguments(const QStringList& mounts) const
{
    QStringList out;
    for (const QString& mount : mounts)
        expand(m_fragments.value(QStringLiteral("mount")), {{QStringLiteral("mount"), mount}}, &out, nullptr);
    return out;
}

QStringList CommandProfile::interpreterArguments(const QString& language, const QString& code,
                                                 bool withStdin) const
{
    const QString key = withStdin ? language + QStringLiteral(".stdin") : language;
    const QStringList templ = m_interpreters.value(key);
    if (templ.isEmpty())
        return {};
    QStringList out;
    if (!expand(templ, {{QStringLiteral("code"), code}}, &out, nullptr))
        return {};
    return out;
}

bool CommandProfile::fitsOneArgument(const QByteArray& utf8Code, qint64 maxArgumentBytes)
{
    if (utf8Code.size() > maxArgumentBytes || utf8Code.startsWith('-'))
        return false;
    for (const char byte : utf8Code) {
        const auto value = static_cast<unsigned char>(byte);
        if (value == 0 || value >= 0x80)
            return false;
    }
    return true;
}

bool CommandProfile::encodesExactly(const QString& code)
{
    const QChar* const end = code.constEnd();
    for (const QChar* c = code.constBegin(); c != end; ++c) {
        if (c->isHighSurrogate() && c + 1 != end && (c + 1)->isLowSurrogate()) {
            ++c; // a whole pair
            continue;
        }
        if (c->isSurrogate())
            return false;
    }
    return true;
}

QStringList CommandProfile::languages() const
{
    QStringList result;
    for (auto it = m_interpreters.begin(); it != m_interpreters.end(); ++it) {
        if (!it.key().endsWith(QLatin1String(".stdin")))
            result.append(it.key());
    }
    result.sort();
    return result;
}

} // namespace k8::kosa8
