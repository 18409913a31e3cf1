// SPDX-License-Identifier: Apache-2.0
#include "agent/rules/Rules.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadShapes.h"
#include "files/OwnerOnly.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSaveFile>

#include <utility>

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::Rules)
};

int lineAtOffset(const QByteArray& text, qsizetype offset)
{
    return int(text.left(offset).count('\n')) + 1;
}

// QJsonDocument keeps no positions, so this small scanner finds the line on which each element
// of the top-level "rules" array starts; errors then point at the rule a person must fix.
QList<int> ruleLines(const QByteArray& text)
{
    QList<int> lines;
    QList<bool> stack; // one entry per open container: is it the top-level "rules" array?
    QByteArray lastTopString;
    QByteArray key;
    bool expectingElement = false;
    int line = 1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (c == '\n') {
            ++line;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r')
            continue;
        const bool inRules = !stack.isEmpty() && stack.last();
        if (inRules && expectingElement && c != ']') {
            lines.append(line);
            expectingElement = false;
        }
        if (c == '"') {
            QByteArray content;
            for (++i; i < text.size() && text.at(i) != '"'; ++i) {
                if (text.at(i) == '\\' && i + 1 < text.size())
                    content.append(text.at(i++));
                if (text.at(i) == '\n')
                    ++line;
                content.append(text.at(i));
            }
            if (stack.size() == 1)
                lastTopString = content;
        } else if (c == ':') {
            if (stack.size() == 1)
                key = lastTopString;
        } else if (c == '{' || c == '[') {
            const bool isRules = c == '[' && stack.size() == 1 && key == "rules";
            stack.append(isRules);
            expectingElement = isRules;
        } else if (c == '}' || c == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
            if (stack.size() == 1)
                key.clear();
        } else if (c == ',') {
            if (inRules)
                expectingElement = true;
            else if (stack.size() == 1)
                key.clear();
        }
    }
    return lines;
}

const QStringList& knownFields()
{
    static const QStringList fields = {QStringLiteral("name"),          QStringLiteral("decision"),
                                       QStringLiteral("action_sha256"), QStringLiteral("action"),
                                       QStringLiteral("code_sha256"),   QStringLiteral("agent"),
                                       QStringLiteral("method"),        QStringLiteral("server"),
                                       QStringLiteral("enabled"),       QStringLiteral("earlier_names")};
    return fields;
}

// Reads one rule object; returns the reason it is not acceptable, or empty.
QString ruleFromJson(const QJsonValue& value, Rule* rule)
{
    if (!value.isObject())
        return Text::tr("a rule must be a JSON object");
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!knownFields().contains(it.key()))
            return Text::tr("unknown field \"%1\" (known: %2)")
                .arg(it.key(), knownFields().join(QStringLiteral(", ")));
    }
    for (const QString& field :
         {QStringLiteral("name"), QStringLiteral("decision"), QStringLiteral("action_sha256"),
          QStringLiteral("code_sha256"), QStringLiteral("agent"), QStringLiteral("method"),
          QStringLiteral("server")}) {
        if (object.contains(field) && !object.value(field).isString())
            return Text::tr("\"%1\" must be a string").arg(field);
    }
    if (object.contains(QLatin1String("enabled")) && !object.value(QLatin1String("enabled")).isBool())
        return Text::tr("\"enabled\" must be true or false");
    if (object.contains(QLatin1String("action"))) {
        if (!object.value(QLatin1String("action")).isObject())
            return Text::tr("\"action\" must be an object (what \"action_sha256\" binds)");
        if (!object.contains(QLatin1String("action_sha256")))
            return Text::tr("\"action\" needs the \"action_sha256\" it shows");
        rule->action = object.value(QLatin1String("action")).toObject();
    }
    if (object.contains(QLatin1String("earlier_names"))) {
        const QJsonValue names = object.value(QLatin1String("earlier_names"));
        if (!names.isArray())
            return Text::tr("\"earlier_names\" must be a list of names");
        for (const QJsonValue& earlier : names.toArray()) {
            if (!earlier.isString() || earlier.toString().trimmed().isEmpty())
                return Text::tr("\"earlier_names\" must hold only names (non-empty strings)");
            rule->earlierNames.append(earlier.toString());
        }
    }

    const QString decision = object.value(QLatin1String("decision")).toString();
    if (const std::optional<Rule::Decision> known = RuleSet::decisionFrom(decision))
        rule->decision = *known;
    else if (!object.contains(QLatin1String("decision")))
        return Text::tr("\"decision\" is missing (\"approve\" or \"reject\")");
    else
        return Text::tr("unknown decision \"%1\" (\"approve\" or \"reject\")").arg(decision);
    // An empty "method" names none, as an absent one.
    if (const QString method = object.value(QLatin1String("method")).toString(); !method.isEmpty()) {
        rule->method = methodFrom(method);
        if (!rule->method)
            return Text::tr("\"method\" must be \"review\" or \"run\", not \"%1\"").arg(method);
    }
    rule->name = object.value(QLatin1String("name")).toString();
    rule->actionSha256 = object.value(QLatin1String("action_sha256")).toString().toLower();
    rule->codeSha256 = object.value(QLatin1String("code_sha256")).toString().toLower();
    rule->agent = object.value(QLatin1String("agent")).toString();
    if (object.contains(QLatin1String("server"))) {
        const QString server = object.value(QLatin1String("server")).toString();
        // Kept as written when it is no URL, so that validate() names what is wrong with it.
        const QString key = serverUrlKey(server);
        rule->server = key.isEmpty() ? server : key;
        if (server.isEmpty())
            return Text::tr("\"server\" is empty (leave it out for a rule that matches every source)");
    }
    rule->enabled = object.value(QLatin1String("enabled")).toBool(true);
    const QString invalid = RuleSet::validate(*rule);
    // The action shown must be the one hashed, or the person would read one action and the rule
    // approve another: such a rule stays in the file but never matches, and says why.
    if (invalid.isEmpty() && !rule->action.isEmpty() &&
        sha256Hex(canonicalJson(QJsonValue(rule->action))) != rule->actionSha256)
        rule->problem = Text::tr("its \"action\" does not hash to its \"action_sha256\" (one of them was "
                                 "edited), so it is off until that is fixed");
    return invalid;
}

// Rules are read with their hashes lower-cased, so a valid one is 64 lower-case hex digits.
bool isLowerSha256(const QString& text)
{
    return isSha256Hex(text) && text == text.toLower();
}

QByteArray jsonString(const QString& text)
{
    return canonicalJson(QJsonValue(text));
}

// One rule per line, fields in the order a person reads them.
QByteArray ruleLine(const Rule& rule)
{
    QByteArray out = "{\"name\": " + jsonString(rule.name) +
                     ", \"decision\": " + jsonString(RuleSet::decisionName(rule.decision));
    if (!rule.actionSha256.isEmpty())
        out += ", \"action_sha256\": " + jsonString(rule.actionSha256);
    if (!rule.action.isEmpty())
        out += ", \"action\": " + canonicalJson(QJsonValue(rule.action));
    if (!rule.codeSha256.isEmpty())
        out += ", \"code_sha256\": " + jsonString(rule.codeSha256);
    if (!rule.agent.isEmpty())
        out += ", \"agent\": " + jsonString(rule.agent);
    if (rule.method)
        out += ", \"method\": " + jsonString(methodName(*rule.method));
    if (!rule.server.isEmpty())
        out += ", \"server\": " + jsonString(rule.server);
    if (!rule.enabled)
        out += ", \"enabled\": false";
    if (!rule.earlierNames.isEmpty())
        out += ", \"earlier_names\": " +
               canonicalJson(QJsonValue(QJsonArray::fromStringList(rule.earlierNames)));
    return out + '}';
}

} // namespace

QString RuleSet::decisionName(Rule::Decision decision)
{
    // A rule's decisions are spelled as the person's (agent::decisionName()).
    return agent::decisionName(decision == Rule::Decision::Approve ? DecisionKind::Approve
                                                                   : DecisionKind::Reject);
}

std::optional<Rule::Decision> RuleSet::decisionFrom(const QString& name)
{
    for (Rule::Decision decision : {Rule::Decision::Approve, Rule::Decision::Reject}) {
        if (name == decisionName(decision))
            return decision;
    }
    return std::nullopt;
}

QString RuleSet::validate(const Rule& rule)
{
    if (rule.name.trimmed().isEmpty())
        return Text::tr("\"name\" is missing or empty");
    // A lone surrogate (an escape such as \ud800, half a character) has no UTF-8 form: saved, it
    // would come back as "?", and the rule would name another agent (tests/fuzz/rules.cpp).
    for (const auto& [field, text] : {std::pair{"name", &rule.name}, std::pair{"agent", &rule.agent}}) {
        if (!QStringView(*text).isValidUtf16())
            return Text::tr("\"%1\" holds half a character (a lone surrogate such as \\ud800), which no file "
                            "can keep")
                .arg(QLatin1String(field));
    }
    if (!rule.actionSha256.isEmpty() && !isLowerSha256(rule.actionSha256))
        return Text::tr("\"action_sha256\" must be 64 hex digits");
    if (!rule.codeSha256.isEmpty() && !isLowerSha256(rule.codeSha256))
        return Text::tr("\"code_sha256\" must be 64 hex digits");
    if (!rule.server.isEmpty() && serverUrlKey(rule.server).isEmpty())
        return Text::tr("\"server\" must be an http or https URL with a host and without a user name, a "
                        "query or a fragment, such as http://127.0.0.1:2024, not \"%1\"")
            .arg(rule.server);
    if (rule.decision == Rule::Decision::Approve && rule.actionSha256.isEmpty() && rule.codeSha256.isEmpty())
        return Text::tr("an approve rule must name \"action_sha256\" (the SHA-256 of the whole action) or "
                        "\"code_sha256\" (the SHA-256 of the exact code)");
    if (rule.decision == Rule::Decision::Reject && rule.actionSha256.isEmpty() && rule.codeSha256.isEmpty() &&
        rule.agent.isEmpty() && !rule.method && rule.server.isEmpty())
        return Text::tr("a reject rule must name at least one of \"agent\", \"method\", \"server\", "
                        "\"code_sha256\" or \"action_sha256\"");
    return {};
}

bool RuleSet::load(const QString& path, bool readOnly, QString* error)
{
    m_rules.clear();
    auto fail = [&](int line, const QString& reason) {
        if (error)
            *error = Text::tr("Rules file %1, line %2: %3. None of its rules apply.")
                         .arg(path)
                         .arg(line)
                         .arg(reason);
        return false;
    };
    QFile file(path);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Text::tr("Rules file %1 cannot be read: %2. None of its rules apply.")
                         .arg(path, file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    if (text.trimmed().isEmpty())
        return true; // an emptied file holds no rules
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(lineAtOffset(text, parseError.offset), parseError.errorString());
    if (!doc.isObject())
        return fail(1, Text::tr("the file must hold an object {\"rules\": [...]}"));
    const QJsonObject top = doc.object();
    for (auto it = top.begin(); it != top.end(); ++it) {
        if (it.key() != QLatin1String("rules"))
            return fail(1, Text::tr("unknown top-level field \"%1\" (only \"rules\")").arg(it.key()));
    }
    if (!top.value(QLatin1String("rules")).isArray())
        return fail(1, Text::tr("\"rules\" must be a list"));

    const QJsonArray list = top.value(QLatin1String("rules")).toArray();
    const QList<int> lines = ruleLines(text);
    QList<Rule> loaded;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const int line = i < lines.size() ? lines.at(i) : 1;
        Rule rule;
        const QString reason = ruleFromJson(list.at(i), &rule);
        if (!reason.isEmpty())
            return fail(line, Text::tr("rule %1: %2").arg(i + 1).arg(reason));
        for (const Rule& other : std::as_const(loaded)) {
            if (other.name == rule.name)
                return fail(line,
                            Text::tr("rule %1: the name \"%2\" is used twice").arg(i + 1).arg(rule.name));
        }
        rule.readOnly = readOnly;
        rule.source = path;
        loaded.append(rule);
    }
    m_rules = loaded;
    return true;
}

bool RuleSet::save(const QString& path, QString* error) const
{
    QByteArray text = "{\"rules\": [";
    bool first = true;
    for (const Rule& rule : m_rules) {
        if (rule.readOnly)
            continue;
        text += first ? "\n  " : ",\n  ";
        text += ruleLine(rule);
        first = false;
    }
    text += first ? "]}\n" : "\n]}\n";

    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    // Owner-only before the rename: the rules say what runs without a person (files/OwnerOnly.h).
    if (!file.open(QIODevice::WriteOnly) || !files::OwnerOnly::restrictFile(file) ||
        file.write(text) != text.size() || !file.commit()) {
        if (error)
            *error = Text::tr("The rules cannot be saved to %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void RuleSet::merge(const RuleSet& other)
{
    m_rules.append(other.m_rules);
}

bool RuleSet::add(const Rule& rule, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (rule.readOnly)
        return fail(Text::tr("A read-only rule cannot be added."));
    Rule normalized = rule;
    normalized.actionSha256 = rule.actionSha256.toLower();
    normalized.codeSha256 = rule.codeSha256.toLower();
    if (const QString key = serverUrlKey(rule.server); !key.isEmpty())
        normalized.server = key;
    const QString reason = validate(normalized);
    if (!reason.isEmpty())
        return fail(Text::tr("The rule is not valid: %1.").arg(reason));
    for (const Rule& other : std::as_const(m_rules)) {
        if (other.name == rule.name)
            return fail(Text::tr("A rule named \"%1\" exists already.").arg(rule.name));
    }
    m_rules.append(normalized);
    return true;
}

bool RuleSet::remove(const QString& name)
{
    for (qsizetype i = 0; i < m_rules.size(); ++i) {
        if (m_rules.at(i).name == name && !m_rules.at(i).readOnly) {
            m_rules.removeAt(i);
            return true;
        }
    }
    return false;
}

bool RuleSet::rename(const QString& name, const QString& newName, const QStringList& taken, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const QString wanted = newName.trimmed();
    if (wanted.isEmpty())
        return fail(Text::tr("A rule needs a name."));
    // The ledger joins the names of the rules that decided with ',' (decided_by "rule:A,B"); a
    // line end or control character would break the line a person reads.
    for (const QChar c : wanted) {
        if (c == u',' || c.category() == QChar::Other_Control || c.category() == QChar::Other_Format ||
            c.category() == QChar::Separator_Line || c.category() == QChar::Separator_Paragraph)
            return fail(Text::tr("A rule name cannot hold a comma, a line end or a control or format "
                                 "character."));
    }
    Rule* renamed = nullptr;
    for (Rule& rule : m_rules) {
        if (rule.name == name && !rule.readOnly)
            renamed = &rule;
        else if (rule.name == wanted)
            return fail(Text::tr("A rule named \"%1\" exists already.").arg(wanted));
    }
    if (taken.contains(wanted))
        return fail(Text::tr("A rule named \"%1\" exists already.").arg(wanted));
    if (!renamed)
        return fail(Text::tr("There is no rule \"%1\" that the app may rename (rules from a --rules file are "
                             "read-only).")
                        .arg(name));
    if (wanted == name)
        return true;
    renamed->earlierNames.removeAll(wanted);
    renamed->earlierNames.append(name);
    renamed->name = wanted;
    return true;
}

bool RuleSet::setEnabled(const QString& name, bool enabled)
{
    for (Rule& rule : m_rules) {
        if (rule.name == name && !rule.readOnly) {
            rule.enabled = enabled;
            return true;
        }
    }
    return false;
}

std::optional<RuleMatch> RuleSet::match(const Request& request, const RunDefaults& defaults) const
{
    return match(request, actionBindings(request, defaults));
}

std::optional<RuleMatch> RuleSet::match(const Request& request, const QList<ActionBinding>& bindings) const
{
    // Empty for a socket request, so a rule limited to a server never matches one.
    const QString server = request.origin.server.isEmpty() ? QString() : serverUrlKey(request.origin.server);
    auto scopeMatches = [&request, &server](const Rule& rule) {
        return rule.enabled && rule.problem.isEmpty() &&
               (rule.agent.isEmpty() || rule.agent == request.agent) &&
               (!rule.method || *rule.method == request.method) &&
               (rule.server.isEmpty() || rule.server == server);
    };
    // Bindings that do not line up with the actions would decide on another action: then only
    // rules that name no hash can match, and nothing is approved.
    const bool aligned = bindings.size() == request.actions.size();
    auto hashesMatch = [](const Rule& rule, const ActionBinding& binding) {
        return (rule.actionSha256.isEmpty() || rule.actionSha256 == binding.actionSha256) &&
               (rule.codeSha256.isEmpty() || rule.codeSha256 == binding.codeSha256);
    };
    for (const Rule& rule : m_rules) {
        if (rule.decision != Rule::Decision::Reject || !scopeMatches(rule))
            continue;
        const bool namesHash = !rule.actionSha256.isEmpty() || !rule.codeSha256.isEmpty();
        bool matches = !namesHash;
        for (qsizetype i = 0; aligned && namesHash && !matches && i < bindings.size(); ++i)
            matches = hashesMatch(rule, bindings.at(i));
        if (matches)
            return RuleMatch{rule.name, Rule::Decision::Reject};
    }

    // Approval only when every action allows it and is bound by an approve rule, and only when
    // the request writes its numbers as the hashes do: 1.0 hashes as 1 (CanonicalNumbers.h).
    if (request.actions.isEmpty() || !aligned || request.nonCanonicalNumber)
        return std::nullopt;
    QStringList names;
    for (qsizetype i = 0; i < request.actions.size(); ++i) {
        const ActionBinding& binding = bindings.at(i);
        if (!request.actions.at(i).allowed.contains(DecisionKind::Approve) || !binding.exact)
            return std::nullopt;
        const Rule* approving = nullptr;
        for (const Rule& rule : m_rules) {
            if (rule.decision != Rule::Decision::Approve || !scopeMatches(rule) ||
                !hashesMatch(rule, binding))
                continue;
            // A rule that names only the code binds nothing else, so it may approve only an action
            // that holds nothing else.
            if (rule.actionSha256.isEmpty() && (rule.codeSha256.isEmpty() || !binding.codeOnly))
                continue;
            approving = &rule;
            break;
        }
        if (!approving)
            return std::nullopt;
        if (!names.contains(approving->name))
            names.append(approving->name);
    }
    // Every action is bound; none may hold text that can hide code (looked at last: it reads
    // every string, and most requests no approve rule binds end above).
    for (const ActionBinding& binding : bindings) {
        if (!hidingReason(binding).isEmpty())
            return std::nullopt;
    }
    return RuleMatch{names.join(u','), Rule::Decision::Approve};
}

} // namespace k8::agent
