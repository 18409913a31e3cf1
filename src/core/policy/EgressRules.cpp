// SPDX-License-Identifier: Apache-2.0
#include "policy/EgressRules.h"

#include "kosa8/CommandProfile.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace k8::policy {

namespace {

using Kind = EgressEntry::Kind;

// Higher is more specific; used to pick the entry that "decides" among several that allow.
int specificity(const EgressEntry& entry)
{
    switch (entry.kind) {
    case Kind::Name:
        return 100000;
    case Kind::Address:
        return 90000;
    case Kind::Wildcard:
        return 1000 + int(entry.host.size());
    case Kind::Block:
        return entry.prefix;
    case Kind::Invalid:
        break;
    }
    return -1;
}

int lineAt(const QByteArray& data, qsizetype offset)
{
    return int(data.left(offset).count('\n')) + 1;
}

// Line of the first occurrence of `needle` at or after `from` (the line of `from` if absent).
int lineOf(const QByteArray& data, const QByteArray& needle, qsizetype from = 0)
{
    const qsizetype at = data.indexOf(needle, from);
    return lineAt(data, at < 0 ? from : at);
}

QByteArray jsonString(const QString& value)
{
    // Exactly how the value appears in a file we wrote (and, for plain text, in most others).
    QByteArray encoded = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return encoded.mid(1, encoded.size() - 2);
}

} // namespace

bool EgressRules::operator==(const EgressRules& other) const
{
    return mode == other.mode && (mode != Mode::Allow || items == other.items);
}

EgressRules EgressRules::fromKosa8(const kosa8::EgressPolicy& policy, QString* unknownText)
{
    EgressRules rules;
    if (unknownText)
        unknownText->clear();
    if (policy.mode == Mode::Unknown) {
        if (unknownText)
            *unknownText = policy.raw.trimmed();
        return rules;
    }
    rules.mode = policy.mode;
    for (const QString& host : policy.hosts)
        rules.items.append({host, {}});
    return rules;
}

QStringList EgressRules::sentHosts() const
{
    QStringList hosts;
    if (mode != Mode::Allow)
        return hosts;
    for (const EntryCheck& check : checkEntries(items)) {
        if (check.isUsable())
            hosts.append(check.parsed.sentForm());
    }
    return hosts;
}

kosa8::EgressPolicy EgressRules::toKosa8() const
{
    if (mode == Mode::Allow)
        return kosa8::EgressPolicy::allow(sentHosts());
    kosa8::EgressPolicy policy;
    policy.mode = mode == Mode::Unknown ? Mode::Deny : mode;
    return policy;
}

QString EgressRules::modeKey(Mode mode)
{
    switch (mode) {
    case Mode::Deny:
        return QStringLiteral("deny");
    case Mode::Any:
        return QStringLiteral("any");
    case Mode::Fakenet:
        return QStringLiteral("fakenet");
    case Mode::Allow:
        return QStringLiteral("allow");
    case Mode::Unknown:
        break;
    }
    return {};
}

bool EgressRules::modeFromKey(const QString& key, Mode* mode)
{
    for (Mode candidate : {Mode::Deny, Mode::Any, Mode::Fakenet, Mode::Allow}) {
        if (modeKey(candidate) == key) {
            *mode = candidate;
            return true;
        }
    }
    return false;
}

QString EgressRules::modeSentence(Mode mode)
{
    switch (mode) {
    case Mode::Deny:
        return EgressRules::tr(
            "Nothing leaves the sandbox, not even DNS lookups. The safe choice for agent code.");
    case Mode::Allow:
        return EgressRules::tr("Only the hosts in the list below can be reached; everything else is blocked. "
                               "*.example.com means its subdomains, not example.com itself.");
    case Mode::Any:
        return EgressRules::tr(
            "The sandbox can reach every host on the internet and your network. Use only for code you "
            "trust.");
    case Mode::Fakenet:
        return EgressRules::tr(
            "Connections are answered by a simulated network inside kosa8; nothing reaches a real host. "
            "Useful to see what code tries to contact.");
    case Mode::Unknown:
        break;
    }
    return {};
}

QString EgressRules::glance(const kosa8::EgressPolicy& policy)
{
    switch (policy.mode) {
    case Mode::Deny:
        return EgressRules::tr("no network");
    case Mode::Any:
        return EgressRules::tr("any");
    case Mode::Fakenet:
        return EgressRules::tr("fakenet");
    case Mode::Allow:
        if (policy.hosts.isEmpty())
            return EgressRules::tr("no hosts");
        if (policy.hosts.size() == 1)
            return policy.hosts.first();
        return QCoreApplication::translate("k8::policy::EgressRules", "%n hosts", nullptr,
                                           int(policy.hosts.size()));
    case Mode::Unknown:
        break;
    }
    return policy.raw.trimmed().isEmpty() ? EgressRules::tr("unknown") : policy.raw.trimmed();
}

QList<EntryCheck> checkEntries(const QList<EgressRules::Item>& items)
{
    QList<EntryCheck> checks;
    checks.reserve(items.size());
    QHash<QString, int> firstByKey;
    for (int i = 0; i < items.size(); ++i) {
        EntryCheck check;
        check.parsed = EgressEntry::parse(items.at(i).entry);
        if (!check.parsed.isValid()) {
            check.error = check.parsed.error;
        } else {
            const QString key = check.parsed.key();
            const auto first = firstByKey.constFind(key);
            if (first != firstByKey.constEnd()) {
                check.duplicateOf = first.value();
                check.error = EgressRules::tr("Duplicate of entry %1 (%2); remove one of them.")
                                  .arg(first.value() + 1)
                                  .arg(items.at(first.value()).entry.trimmed());
            } else {
                firstByKey.insert(key, i);
            }
        }
        checks.append(check);
    }
    // Coverage after all entries are known: an entry may be covered by one further down.
    for (int i = 0; i < checks.size(); ++i) {
        EntryCheck& check = checks[i];
        if (!check.isUsable())
            continue;
        for (int j = 0; j < checks.size(); ++j) {
            if (j == i || !checks.at(j).isUsable() || checks.at(j).parsed.key() == check.parsed.key())
                continue;
            if (checks.at(j).parsed.covers(check.parsed)) {
                check.coveredBy = j;
                check.warning =
                    EgressRules::tr("Already allowed by entry %1 (%2); this entry changes nothing.")
                        .arg(j + 1)
                        .arg(checks.at(j).parsed.typed);
                break;
            }
        }
    }
    return checks;
}

QString rulesProblem(const EgressRules& rules)
{
    if (rules.mode == EgressRules::Mode::Unknown)
        return EgressRules::tr("Choose a network mode: no network, allow-list, any or fakenet.");
    if (rules.mode != EgressRules::Mode::Allow)
        return {};
    if (rules.items.isEmpty())
        return EgressRules::tr("The allow-list is empty: add at least one host, or choose \"No network\".");
    const QList<EntryCheck> checks = checkEntries(rules.items);
    for (int i = 0; i < checks.size(); ++i) {
        if (!checks.at(i).isUsable())
            return EgressRules::tr("Entry %1 (%2): %3")
                .arg(i + 1)
                .arg(rules.items.at(i).entry.trimmed(), checks.at(i).error);
    }
    return {};
}

MatchResult match(const EgressRules& rules, const QString& destination)
{
    return match(rules, Destination::parse(destination));
}

MatchResult match(const EgressRules& rules, const Destination& destination)
{
    return match(rules,
                 rules.mode == EgressRules::Mode::Allow ? checkEntries(rules.items) : QList<EntryCheck>(),
                 destination);
}

MatchResult match(const EgressRules& rules, const QList<EntryCheck>& checks, const Destination& destination)
{
    MatchResult result;
    if (!destination.isValid()) {
        result.verdict = MatchResult::Verdict::Invalid;
        result.reason = destination.error.isEmpty() ? EgressRules::tr("not a host") : destination.error;
        return result;
    }
    switch (rules.mode) {
    case EgressRules::Mode::Deny:
    case EgressRules::Mode::Unknown:
        result.verdict = MatchResult::Verdict::Blocked;
        result.reason = EgressRules::tr("blocked: the sandbox has no network");
        return result;
    case EgressRules::Mode::Any:
        result.verdict = MatchResult::Verdict::Allowed;
        result.reason = EgressRules::tr("allowed: the sandbox may reach any host");
        return result;
    case EgressRules::Mode::Fakenet:
        result.verdict = MatchResult::Verdict::Simulated;
        result.reason =
            EgressRules::tr("simulated: fakenet answers inside kosa8, nothing reaches the real host");
        return result;
    case EgressRules::Mode::Allow:
        break;
    }
    int best = -1;
    for (int i = 0; i < checks.size(); ++i) {
        if (!checks.at(i).isUsable() || !entryAllows(checks.at(i).parsed, destination))
            continue;
        if (best < 0 || specificity(checks.at(i).parsed) > specificity(checks.at(best).parsed))
            best = i;
    }
    if (best >= 0) {
        result.verdict = MatchResult::Verdict::Allowed;
        result.entryIndex = best;
        result.entry = checks.at(best).parsed.typed;
        result.reason = EgressRules::tr("allowed by %1").arg(result.entry);
        return result;
    }
    result.verdict = MatchResult::Verdict::Blocked;
    // Say why the nearest candidates do not apply: that is what people get wrong.
    for (const EntryCheck& check : checks) {
        if (!check.isUsable() || check.parsed.port == 0)
            continue;
        Destination anyPort = destination;
        anyPort.port = check.parsed.port;
        if (entryAllows(check.parsed, anyPort)) {
            result.reason = destination.port == 0 ? EgressRules::tr("blocked: %1 allows only port %2")
                                                        .arg(check.parsed.typed)
                                                        .arg(check.parsed.port)
                                                  : EgressRules::tr("blocked: %1 allows only port %2, not %3")
                                                        .arg(check.parsed.typed)
                                                        .arg(check.parsed.port)
                                                        .arg(destination.port);
            return result;
        }
    }
    for (const EntryCheck& check : checks) {
        if (check.isUsable() && check.parsed.kind == Kind::Wildcard && !destination.isAddress &&
            destination.host == check.parsed.host) {
            result.reason = EgressRules::tr("blocked: %1 covers subdomains only, not %2 itself; add %2")
                                .arg(check.parsed.typed, destination.host);
            return result;
        }
    }
    if (!destination.isAddress) {
        for (const EntryCheck& check : checks) {
            if (check.isUsable() &&
                (check.parsed.kind == Kind::Address || check.parsed.kind == Kind::Block)) {
                result.reason =
                    EgressRules::tr("blocked: not in the allow-list (names are not resolved to match address "
                                    "entries)");
                return result;
            }
        }
    }
    result.reason = EgressRules::tr("blocked: not in the allow-list");
    return result;
}

QStringList egressArguments(const kosa8::CommandProfile& profile, const EgressRules& rules)
{
    const kosa8::EgressPolicy policy = rules.toKosa8();
    if (policy.mode == EgressRules::Mode::Allow && policy.hosts.isEmpty())
        return profile.egressArguments(QStringLiteral("deny"), {}); // an empty list lets nothing out
    return profile.egressArguments(policy.modeName(), policy.hosts);
}

QVariantMap egressChangeParams(const kosa8::CommandProfile& profile, const QString& sandbox,
                               const EgressRules& rules)
{
    const kosa8::EgressPolicy policy = rules.toKosa8();
    QVariantMap params{{QStringLiteral("name"), sandbox}};
    params.insert(QStringLiteral("egress"), egressArguments(profile, rules));
    params.insert(QStringLiteral("hosts"),
                  policy.mode == EgressRules::Mode::Allow ? policy.hosts : QStringList());
    return params;
}

QStringList describeChange(const EgressRules& current, const EgressRules& next)
{
    QStringList lines;
    auto modeLine = [](const EgressRules& rules) {
        switch (rules.mode) {
        case EgressRules::Mode::Deny:
            return EgressRules::tr("mode: no network (deny)");
        case EgressRules::Mode::Any:
            return EgressRules::tr("mode: any host");
        case EgressRules::Mode::Fakenet:
            return EgressRules::tr("mode: fakenet");
        case EgressRules::Mode::Allow:
            return EgressRules::tr("mode: allow-list");
        case EgressRules::Mode::Unknown:
            break;
        }
        return EgressRules::tr("mode: unknown");
    };
    if (current.mode != next.mode) {
        lines << QStringLiteral("- ") + modeLine(current) << QStringLiteral("+ ") + modeLine(next);
    } else {
        lines << QStringLiteral("  ") + modeLine(next);
    }
    const QStringList before = current.mode == EgressRules::Mode::Allow ? current.sentHosts() : QStringList();
    const QStringList after = next.mode == EgressRules::Mode::Allow ? next.sentHosts() : QStringList();
    for (const QString& host : before) {
        if (!after.contains(host))
            lines << QStringLiteral("- ") + host;
    }
    for (const QString& host : after)
        lines << (before.contains(host) ? QStringLiteral("  ") : QStringLiteral("+ ")) + host;
    return lines;
}

QByteArray toJson(const EgressRules& rules)
{
    QJsonObject root;
    root.insert(QStringLiteral("version"), 1);
    root.insert(QStringLiteral("mode"), EgressRules::modeKey(rules.mode));
    QJsonArray entries;
    if (rules.mode == EgressRules::Mode::Allow) {
        for (const EgressRules::Item& item : rules.items) {
            QJsonObject entry{{QStringLiteral("entry"), item.entry}};
            if (!item.note.isEmpty())
                entry.insert(QStringLiteral("note"), item.note);
            entries.append(entry);
        }
    }
    root.insert(QStringLiteral("entries"), entries);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool fromJson(const QByteArray& data, EgressRules* rules, QString* error)
{
    auto fail = [error](int line, const QString& reason) {
        if (error)
            *error = EgressRules::tr("line %1: %2").arg(line).arg(reason);
        return false;
    };
    if (data.size() > 1024 * 1024)
        return fail(1, EgressRules::tr("the file is larger than 1 MiB; a policy file is small"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(lineAt(data, parseError.offset),
                    EgressRules::tr("not valid JSON (%1)").arg(parseError.errorString()));
    if (!doc.isObject())
        return fail(1, EgressRules::tr(
                           "the file must hold one JSON object with \"version\", \"mode\" and \"entries\""));
    const QJsonObject root = doc.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() != QLatin1String("version") && it.key() != QLatin1String("mode") &&
            it.key() != QLatin1String("entries"))
            return fail(
                lineOf(data, jsonString(it.key())),
                EgressRules::tr("unknown key \"%1\" (allowed: version, mode, entries)").arg(it.key()));
    }
    const int versionLine = lineOf(data, "\"version\"");
    if (!root.contains(QStringLiteral("version")))
        return fail(1, EgressRules::tr("the \"version\" field is missing (this app writes version 1)"));
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != 1.0) {
        if (version.isDouble() && version.toDouble() > 1.0)
            return fail(
                versionLine,
                EgressRules::tr("version %1 is newer than this app understands (1)").arg(version.toDouble()));
        return fail(versionLine, EgressRules::tr("\"version\" must be the number 1"));
    }
    EgressRules parsed;
    const int modeLine = lineOf(data, "\"mode\"");
    if (!root.value(QStringLiteral("mode")).isString())
        return fail(root.contains(QStringLiteral("mode")) ? modeLine : 1,
                    EgressRules::tr("\"mode\" must be one of \"deny\", \"allow\", \"any\", \"fakenet\""));
    const QString modeText = root.value(QStringLiteral("mode")).toString();
    if (!EgressRules::modeFromKey(modeText, &parsed.mode))
        return fail(
            modeLine,
            EgressRules::tr("unknown mode \"%1\" (allowed: deny, allow, any, fakenet)").arg(modeText));

    const qsizetype entriesAt = data.indexOf("\"entries\"");
    const QJsonValue entriesValue = root.value(QStringLiteral("entries"));
    if (!entriesValue.isUndefined() && !entriesValue.isArray())
        return fail(lineAt(data, entriesAt),
                    EgressRules::tr("\"entries\" must be a list of {\"entry\": ..., \"note\": ...}"));
    const QJsonArray entries = entriesValue.toArray();
    if (parsed.mode != EgressRules::Mode::Allow && !entries.isEmpty())
        return fail(lineAt(data, entriesAt),
                    EgressRules::tr("mode \"%1\" takes no entries; use mode \"allow\" for an allow-list")
                        .arg(modeText));
    qsizetype searchFrom = entriesAt < 0 ? 0 : entriesAt;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QJsonValue value = entries.at(i);
        const int here = lineOf(data, "{", searchFrom);
        if (!value.isObject())
            return fail(
                lineAt(data, searchFrom),
                EgressRules::tr("entry %1 is not an object {\"entry\": ..., \"note\": ...}").arg(i + 1));
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() != QLatin1String("entry") && it.key() != QLatin1String("note"))
                return fail(here, EgressRules::tr("entry %1 has an unknown key \"%2\" (allowed: entry, note)")
                                      .arg(i + 1)
                                      .arg(it.key()));
        }
        if (!object.value(QStringLiteral("entry")).isString())
            return fail(here, EgressRules::tr("entry %1 has no \"entry\" text").arg(i + 1));
        if (object.contains(QStringLiteral("note")) && !object.value(QStringLiteral("note")).isString())
            return fail(here, EgressRules::tr("entry %1: \"note\" must be text").arg(i + 1));
        const QString text = object.value(QStringLiteral("entry")).toString();
        const qsizetype textAt = data.indexOf(jsonString(text), searchFrom);
        const int entryLine = textAt < 0 ? here : lineAt(data, textAt);
        parsed.items.append({text, object.value(QStringLiteral("note")).toString()});
        if (textAt >= 0)
            searchFrom = textAt + 1;
        const EntryCheck check = checkEntries(parsed.items).constLast();
        if (!check.isUsable())
            return fail(entryLine, EgressRules::tr("entry %1 (%2): %3").arg(i + 1).arg(text, check.error));
    }
    if (parsed.mode == EgressRules::Mode::Allow && parsed.items.isEmpty())
        return fail(
            lineAt(data, entriesAt < 0 ? 0 : entriesAt),
            EgressRules::tr("mode \"allow\" needs at least one entry (an empty allow-list is \"deny\")"));
    *rules = parsed;
    return true;
}

} // namespace k8::policy
