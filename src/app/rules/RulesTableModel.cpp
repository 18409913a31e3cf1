// SPDX-License-Identifier: Apache-2.0
#include "rules/RulesTableModel.h"

#include "agent/payload/PayloadFields.h"
#include "agent/review/ReviewCoordinator.h"

#include <QFileInfo>

namespace k8::app {

namespace {

// Tool tips read text that looks like HTML as HTML; rule fields may come from agents, so they go
// in escaped, inside markup that makes the tip rich text on purpose.
QString plainTip(const QString& text)
{
    return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(text.toHtmlEscaped());
}

} // namespace

RulesTableModel::RulesTableModel(agent::ReviewCoordinator* coordinator, QObject* parent)
    : QAbstractTableModel(parent)
    , m_coordinator(coordinator)
{
    if (coordinator)
        connect(coordinator, &agent::ReviewCoordinator::rulesChanged, this, &RulesTableModel::reload);
    reload();
}

void RulesTableModel::reload()
{
    beginResetModel();
    m_rules = m_coordinator ? m_coordinator->rules() : QList<agent::Rule>();
    endResetModel();
}

int RulesTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rules.size());
}

int RulesTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const agent::Rule* RulesTableModel::ruleAt(int row) const
{
    return row >= 0 && row < m_rules.size() ? &m_rules.at(row) : nullptr;
}

int RulesTableModel::rowOf(const QString& name) const
{
    for (int row = 0; row < m_rules.size(); ++row) {
        if (m_rules.at(row).name == name)
            return row;
    }
    return -1;
}

namespace {

// The start of the first line of `text` for a table cell: format and control characters (a bidi
// control could reorder the cell) shown as U+FFFD, cut at `most` characters.
QString firstLineOf(const QString& text, qsizetype most)
{
    QString line;
    for (const QChar c : text) {
        if (c == u'\n' || c == u'\r' || line.size() >= most)
            break;
        const bool hidden = c.category() == QChar::Other_Format || c.category() == QChar::Other_Control ||
                            c.category() == QChar::Other_Surrogate || !c.isPrint();
        line.append(hidden ? QChar(QChar::ReplacementCharacter) : c);
    }
    const bool cut = line.size() < text.trimmed().size();
    return cut ? line + QStringLiteral("…") : line;
}

} // namespace

QString RulesTableModel::summarizeAction(const QJsonObject& action)
{
    constexpr qsizetype Most = 48;
    if (action.value(QLatin1String("method")).toString() == u"run")
        return tr("run %1 in %2: %3")
            .arg(action.value(QLatin1String("language")).toString(),
                 action.value(QLatin1String("sandbox")).toString(),
                 firstLineOf(action.value(QLatin1String("code")).toString(), Most));
    if (action.contains(QLatin1String("name"))) {
        const QJsonObject args = action.value(QLatin1String("args")).toObject();
        const QString name = firstLineOf(action.value(QLatin1String("name")).toString(), Most);
        if (const QString field = agent::codeFieldIn(args); !field.isEmpty())
            return tr("tool %1: %2").arg(name, firstLineOf(args.value(field).toString(), Most));
        return tr("tool %1").arg(name);
    }
    const QJsonObject payload = action.value(QLatin1String("payload")).toObject();
    if (payload.value(QLatin1String("code")).isString())
        return tr("payload with code: %1")
            .arg(firstLineOf(payload.value(QLatin1String("code")).toString(), Most));
    return tr("a payload");
}

QString RulesTableModel::describeMatch(const agent::Rule& rule)
{
    const bool approves = rule.decision == agent::Rule::Decision::Approve;
    QStringList parts;
    if (!rule.problem.isEmpty())
        parts << tr("NOT APPLIED (its action does not match its hash)");
    if (!rule.action.isEmpty())
        parts << summarizeAction(rule.action);
    if (!rule.actionSha256.isEmpty())
        parts << tr("exact action %1…").arg(rule.actionSha256.left(12));
    if (!rule.codeSha256.isEmpty()) {
        if (approves && rule.actionSha256.isEmpty())
            parts << tr("exact code %1…, nothing else").arg(rule.codeSha256.left(12));
        else
            parts << tr("code %1…").arg(rule.codeSha256.left(12));
    }
    if (!rule.agent.isEmpty()) {
        if (approves)
            parts << tr("agent \"%1\" (a name the agent chooses: proves nothing)").arg(rule.agent);
        else
            parts << tr("agent \"%1\"").arg(rule.agent);
    }
    if (rule.method)
        parts << tr("method %1").arg(agent::methodName(*rule.method));
    if (!rule.server.isEmpty())
        parts << tr("only from LangGraph server %1").arg(rule.server);
    return parts.isEmpty() ? tr("nothing") : parts.join(tr(", "));
}

QString RulesTableModel::describeRule(const agent::Rule& rule)
{
    const bool approves = rule.decision == agent::Rule::Decision::Approve;
    QStringList lines;
    lines << tr("Rule \"%1\": %2, %3.")
                 .arg(rule.name, approves ? tr("approves without asking") : tr("rejects without asking"),
                      rule.enabled ? tr("on") : tr("off"));
    if (!rule.actionSha256.isEmpty()) {
        lines << tr("Action SHA-256: %1").arg(rule.actionSha256);
        lines << (approves ? tr("It approves exactly one action: a tool call with this very name and all of "
                                "its arguments, a question with this very payload, or a run of this very "
                                "code in this language, sandbox and image, with or without a checkpoint as "
                                "when you approved it. Anything that differs in one byte goes to you.")
                           : tr("It rejects exactly this action (a tool call with this name and arguments, "
                                "a payload, or a run with this code, language, sandbox, image and "
                                "checkpoint)."));
    }
    if (!rule.codeSha256.isEmpty()) {
        lines << tr("Code SHA-256: %1").arg(rule.codeSha256);
        if (approves && rule.actionSha256.isEmpty())
            lines << tr("It approves this exact code only when nothing else comes with it: a question "
                        "whose other fields are only its text, a tool call whose only argument is this "
                        "code, or a python run in the default sandbox with the default image and a "
                        "checkpoint. Any other sandbox, image, language or argument goes to you.");
        else if (approves)
            lines << tr("The action must also hold this exact code.");
        else
            lines << tr("It rejects any request with an action holding this exact code.");
    }
    if (!rule.agent.isEmpty()) {
        lines << tr("Agent: \"%1\"").arg(rule.agent);
        lines << (approves ? tr("Agent names are chosen by the agent and prove nothing: any program on "
                                "this computer can call itself \"%1\". The name only narrows the rule.")
                                 .arg(rule.agent)
                           : tr("Agent names are chosen by the agent: an agent can avoid this rule by "
                                "calling itself something else."));
    }
    if (rule.method)
        lines << tr("Method: %1").arg(agent::methodName(*rule.method));
    if (!rule.server.isEmpty()) {
        lines << tr("Server: %1").arg(rule.server);
        lines << tr("It applies only to requests from this LangGraph server, never to those of another "
                    "server or of the socket.");
    } else {
        lines << tr("Server: any. It applies to requests from the socket and from every LangGraph server.");
    }
    if (!rule.problem.isEmpty())
        lines << tr("Not applied: %1.").arg(rule.problem);
    if (rule.readOnly)
        lines << tr("From %1, given with --rules: read-only here.").arg(rule.source);
    else if (!rule.source.isEmpty())
        lines << tr("From %1 (this app's own rules).").arg(rule.source);
    else
        lines << tr("Added in this app.");
    return lines.join(QLatin1Char('\n'));
}

QVariant RulesTableModel::data(const QModelIndex& index, int role) const
{
    const agent::Rule* rule = index.isValid() ? ruleAt(index.row()) : nullptr;
    if (!rule)
        return {};
    if (role == NameRole)
        return rule->name;
    if (role == ReadOnlyRole)
        return rule->readOnly;
    if (role == DetailsRole)
        return describeRule(*rule);
    if (role == Qt::ToolTipRole) {
        if (index.column() == MatchColumn)
            return plainTip(describeRule(*rule));
        if (rule->readOnly)
            return plainTip(tr("From %1, given with --rules: read-only here. Edit that file to change it.")
                                .arg(rule->source));
        return {};
    }
    if (role == Qt::CheckStateRole && index.column() == EnabledColumn)
        return rule->enabled ? Qt::Checked : Qt::Unchecked;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return rule->name;
    case DecisionColumn:
        return rule->decision == agent::Rule::Decision::Approve ? tr("approve") : tr("reject");
    case MatchColumn:
        return describeMatch(*rule);
    case SourceColumn:
        if (rule->readOnly)
            return tr("%1 (read-only)").arg(QFileInfo(rule->source).fileName());
        return rule->source.isEmpty() ? tr("this app") : QFileInfo(rule->source).fileName();
    default:
        return {};
    }
}

QVariant RulesTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EnabledColumn:
        return tr("On");
    case NameColumn:
        return tr("Name");
    case DecisionColumn:
        return tr("Decision");
    case MatchColumn:
        return tr("Matches");
    case SourceColumn:
        return tr("Source");
    default:
        return {};
    }
}

Qt::ItemFlags RulesTableModel::flags(const QModelIndex& index) const
{
    const agent::Rule* rule = index.isValid() ? ruleAt(index.row()) : nullptr;
    if (!rule)
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (index.column() == EnabledColumn && !rule->readOnly)
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

bool RulesTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    const agent::Rule* rule = index.isValid() ? ruleAt(index.row()) : nullptr;
    if (!rule || role != Qt::CheckStateRole || index.column() != EnabledColumn || !m_coordinator)
        return false;
    if (rule->readOnly) {
        Q_EMIT failed(
            tr("The rule \"%1\" comes from %2 and is read-only here.").arg(rule->name, rule->source));
        return false;
    }
    const bool enabled = value.toInt() == Qt::Checked;
    const QString name = rule->name;
    QString error;
    if (!m_coordinator->setRuleEnabled(name, enabled, &error)) {
        Q_EMIT failed(tr("The rule \"%1\" was not changed: %2").arg(name, error));
        return false;
    }
    reload();
    return true;
}

bool RulesTableModel::renameRule(const QString& name, const QString& newName, QString* error)
{
    QString why;
    if (!m_coordinator || !m_coordinator->renameRule(name, newName, &why)) {
        if (error)
            *error = tr("The rule \"%1\" was not renamed: %2")
                         .arg(name, m_coordinator ? why : tr("no rules here"));
        return false;
    }
    reload();
    return true;
}

bool RulesTableModel::removeRule(int row, QString* error)
{
    const agent::Rule* rule = ruleAt(row);
    if (!rule || !m_coordinator) {
        if (error)
            *error = tr("There is no such rule.");
        return false;
    }
    if (rule->readOnly) {
        if (error)
            *error = tr("The rule \"%1\" comes from %2 and is read-only here.").arg(rule->name, rule->source);
        return false;
    }
    const QString name = rule->name;
    QString why;
    if (!m_coordinator->removeRule(name, &why)) {
        if (error)
            *error = tr("The rule \"%1\" was not deleted: %2").arg(name, why);
        return false;
    }
    reload();
    return true;
}

} // namespace k8::app
