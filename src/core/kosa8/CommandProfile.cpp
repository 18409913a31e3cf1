// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CommandProfile.h"

#include "kosa8/CodingDeclaration.h"
#include "kosa8/InterpreterLoader.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <utility>

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

// Empty when every placeholder in the template is spelled right (a known scalar, or a known list
// as a word of its own), else what is wrong.
QString checkPlaceholderSyntax(const QStringList& templateWords)
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

// The placeholders of a template in the order of first use, without braces; a list keeps its
// dots ("egress..."), so that a scalar and a list of the same name stay apart.
QStringList placeholdersAsWritten(const QStringList& templateWords)
{
    QStringList keys;
    for (const QString& word : templateWords) {
        auto it = placeholderPattern().globalMatch(word);
        while (it.hasNext()) {
            const QString key = it.next().captured(1);
            if (!keys.contains(key))
                keys.append(key);
        }
    }
    return keys;
}

QString spelled(const QString& placeholder)
{
    return QLatin1Char('{') + placeholder + QLatin1Char('}');
}

QStringList spelledAll(const QStringList& placeholders)
{
    QStringList result;
    for (const QString& placeholder : placeholders)
        result.append(spelled(placeholder));
    return result;
}

// Empty when no word is empty or holds a character a reviewer could not see or an argv could
// not carry (controls such as NUL and line breaks; format characters such as bidi overrides).
QString checkWords(const QStringList& templateWords)
{
    for (qsizetype i = 0; i < templateWords.size(); ++i) {
        const QString& word = templateWords.at(i);
        if (word.isEmpty())
            return CommandProfile::tr("word %1 is empty").arg(i + 1);
        for (const QChar c : word) {
            if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
                return CommandProfile::tr("word %1 holds an invisible or control character (U+%2)")
                    .arg(i + 1)
                    .arg(c.unicode(), 4, 16, QLatin1Char('0'));
        }
    }
    return {};
}

const QRegularExpression& interpreterKeyPattern()
{
    static const QRegularExpression re(QStringLiteral("^[a-z][a-z0-9_+-]*(\\.stdin)?\\z"));
    return re;
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
    // Not "python -": Python would honour a source-encoding declaration in the code it reads.
    profile.m_interpreters.insert(QStringLiteral("python.stdin"), InterpreterLoader::pythonStdin());
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

    for (auto section = root.begin(); section != root.end(); ++section) {
        const QString name = section.key();
        ProfileSection which = ProfileSection::Operations;
        bool known = false;
        for (ProfileSection candidate : allSections()) {
            if (sectionName(candidate) == name) {
                which = candidate;
                known = true;
            }
        }
        if (!known)
            return fail(
                CommandProfile::tr("unknown key \"%1\" (allowed: operations, fragments, interpreters)")
                    .arg(name));
        if (!section.value().isObject())
            return fail(CommandProfile::tr("\"%1\" must be an object of key: [words]").arg(name));

        const QJsonObject entries = section.value().toObject();
        for (auto entry = entries.begin(); entry != entries.end(); ++entry) {
            const QString key = entry.key();
            const QString where = name + QLatin1Char('.') + key;
            if (!entry.value().isArray())
                return fail(CommandProfile::tr("\"%1\" must be an array of strings").arg(where));
            const QJsonArray array = entry.value().toArray();
            QStringList templateWords;
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (!array.at(i).isString())
                    return fail(CommandProfile::tr("\"%1\" element %2 is not a string").arg(where).arg(i));
                templateWords.append(array.at(i).toString());
            }
            const QString problem = checkEntry(which, key, templateWords);
            if (!problem.isEmpty())
                return fail(CommandProfile::tr("\"%1\": %2").arg(where, problem));
            updated.table(which).insert(key, templateWords);
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

QString CommandProfile::sectionName(ProfileSection section)
{
    switch (section) {
    case ProfileSection::Operations:
        return QStringLiteral("operations");
    case ProfileSection::Fragments:
        return QStringLiteral("fragments");
    case ProfileSection::Interpreters:
        return QStringLiteral("interpreters");
    }
    return {};
}

QList<ProfileSection> CommandProfile::allSections()
{
    return {ProfileSection::Operations, ProfileSection::Fragments, ProfileSection::Interpreters};
}

const QHash<QString, QStringList>& CommandProfile::table(ProfileSection section) const
{
    switch (section) {
    case ProfileSection::Fragments:
        return m_fragments;
    case ProfileSection::Interpreters:
        return m_interpreters;
    case ProfileSection::Operations:
        break;
    }
    return m_operations;
}

QHash<QString, QStringList>& CommandProfile::table(ProfileSection section)
{
    return const_cast<QHash<QString, QStringList>&>(std::as_const(*this).table(section));
}

QStringList CommandProfile::entryKeys(ProfileSection section) const
{
    QStringList keys = table(section).keys();
    keys.sort();
    return keys;
}

QStringList CommandProfile::entryTemplate(ProfileSection section, const QString& key) const
{
    return table(section).value(key);
}

QString CommandProfile::checkEntry(ProfileSection section, const QString& key, const QStringList& words)
{
    static const CommandProfile defaults = builtIn();
    // The placeholders the app fills in for this entry; all of them must be used, except in
    // interpreters, where a template without "{code}" makes the runner send the code on
    // standard input (Kosa8Runner::build).
    QStringList allowed;
    bool allRequired = true;
    switch (section) {
    case ProfileSection::Operations:
        if (!operationFromKey(key, nullptr)) {
            QStringList known;
            for (Operation op : allOperations())
                known.append(operationKey(op));
            return tr("unknown operation \"%1\" (known: %2)").arg(key, sortedKeys(known));
        }
        allowed = placeholdersAsWritten(defaults.m_operations.value(key));
        break;
    case ProfileSection::Fragments:
        if (!defaults.m_fragments.contains(key))
            return tr("unknown fragment \"%1\" (known: %2)")
                .arg(key, sortedKeys(defaults.m_fragments.keys()));
        allowed = placeholdersAsWritten(defaults.m_fragments.value(key));
        break;
    case ProfileSection::Interpreters:
        if (!interpreterKeyPattern().match(key).hasMatch())
            return tr("interpreter key \"%1\" must be a language name like \"python\" or \"python.stdin\"")
                .arg(key);
        if (!key.endsWith(QLatin1String(".stdin")))
            allowed = QStringList{QStringLiteral("code")};
        allRequired = false;
        break;
    }

    if (words.isEmpty())
        return tr("it is empty; it needs at least one word");
    QString problem = checkWords(words);
    if (problem.isEmpty())
        problem = checkPlaceholderSyntax(words);
    if (!problem.isEmpty())
        return problem;

    const QStringList used = placeholdersAsWritten(words);
    for (const QString& placeholder : used) {
        if (allowed.contains(placeholder))
            continue;
        if (section == ProfileSection::Interpreters && placeholder == QLatin1String("code"))
            return tr("\"{code}\" has no value here: a \".stdin\" interpreter reads the code from "
                      "standard input");
        if (allowed.isEmpty())
            return tr("\"%1\" has no value here: this entry takes no placeholders").arg(spelled(placeholder));
        return tr("\"%1\" has no value here (this entry can use: %2)")
            .arg(spelled(placeholder), spelledAll(allowed).join(QStringLiteral(", ")));
    }
    if (allRequired) {
        for (const QString& placeholder : allowed) {
            if (!used.contains(placeholder))
                return tr("\"%1\" is missing: the app passes it for this entry, and leaving it out "
                          "would drop it silently")
                    .arg(spelled(placeholder));
        }
    }
    return {};
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

QString CommandProfile::stdinRefusal(const QString& language, const QString& code) const
{
    const QStringList interpreter = m_interpreters.value(language + QStringLiteral(".stdin"));
    if (interpreter.isEmpty() || InterpreterLoader::usesLoader(interpreter) ||
        InterpreterLoader::readsNoDeclaration(interpreter))
        return {};
    const std::optional<CodingDeclaration::Match> declared = CodingDeclaration::honoured(code);
    if (!declared)
        return {};
    return tr("Line %1 of the code declares the source encoding \"%2\". The command profile's \"%3.stdin\" "
              "(%4) may be a Python that reads the code itself and decodes it with that encoding, so what "
              "would run differs from what was shown; it was not run. Reset \"%3.stdin\" to its built-in "
              "entry, which ignores such declarations.")
        .arg(declared->line + 1)
        .arg(declared->name, language, interpreter.first());
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
