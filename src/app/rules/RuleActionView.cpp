// SPDX-License-Identifier: Apache-2.0
#include "rules/RuleActionView.h"

#include "agent/payload/HiddenText.h"
#include "agent/payload/PayloadFields.h"
#include "agent/review/ReviewState.h"
#include "agent/rules/Rules.h"
#include "editor/CodeEditor.h"
#include "widgets/FitToLines.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QVBoxLayout>

namespace k8::app {

namespace {

// A field of the rules file in a label: anything that could hide or reorder text (a bidi
// control in a hand-edited file) shown as a visible marker, as the review shows it.
QString shown(const QString& text)
{
    return agent::HiddenText::revealedInline(text);
}

constexpr int MostCodeLines = 14;
constexpr int MostArgsLines = 8;

} // namespace

RuleActionView::RuleActionView(QWidget* parent)
    : QWidget(parent)
    , m_place(new QLabel(this))
    , m_codeLabel(new QLabel(tr("Code it approves:"), this))
    , m_code(new CodeEditor(this))
    , m_argsLabel(new QLabel(tr("Arguments it approves:"), this))
    , m_args(new CodeEditor(this))
{
    setObjectName(QStringLiteral("ruleActionView"));
    // Rule fields come from agents (a tool name, code): plain text only.
    for (QLabel* label : {m_place, m_codeLabel, m_argsLabel})
        label->setTextFormat(Qt::PlainText);
    m_place->setObjectName(QStringLiteral("ruleActionPlace"));
    m_place->setWordWrap(true);
    m_place->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_place->setAccessibleDescription(tr("Where and how the approved action runs"));
    m_code->setObjectName(QStringLiteral("ruleCode"));
    m_code->setAccessibleName(tr("Code the rule approves"));
    m_args->setObjectName(QStringLiteral("ruleArgs"));
    m_args->setAccessibleName(tr("Arguments the rule approves, as JSON"));
    m_args->setLanguage(QStringLiteral("json"));
    m_codeLabel->setBuddy(m_code);
    m_argsLabel->setBuddy(m_args);
    for (CodeEditor* editor : {m_code, m_args})
        editor->setEditable(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_place);
    layout->addWidget(m_codeLabel);
    layout->addWidget(m_code);
    layout->addWidget(m_argsLabel);
    layout->addWidget(m_args);
    showRule(nullptr);
}

QString RuleActionView::placeText() const
{
    return m_place->isHidden() ? QString() : m_place->text();
}

void RuleActionView::showCode(const QString& code, const QString& language)
{
    m_code->setLanguage(language);
    m_code->setCode(code);
    fitHeightToLines(m_code, 1, MostCodeLines);
    m_codeLabel->show();
    m_code->show();
}

void RuleActionView::showArgs(const QJsonObject& args)
{
    m_args->setCode(QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Indented)).trimmed());
    fitHeightToLines(m_args, 1, MostArgsLines);
    m_argsLabel->show();
    m_args->show();
}

void RuleActionView::showRule(const agent::Rule* rule)
{
    for (QWidget* widget : {static_cast<QWidget*>(m_codeLabel), static_cast<QWidget*>(m_code),
                            static_cast<QWidget*>(m_argsLabel), static_cast<QWidget*>(m_args)})
        widget->hide();
    m_place->clear();
    if (!rule) {
        m_place->hide();
        return;
    }
    m_place->show();
    const QJsonObject action = rule->action;
    if (action.isEmpty()) {
        m_place->setText(rule->actionSha256.isEmpty()
                             ? tr("This rule names no single action (see what it matches above).")
                             : tr("This rule does not carry the action it binds (an older rules file, or "
                                  "one written by hand): only its hash is known."));
        return;
    }
    const QString method = action.value(QLatin1String("method")).toString();
    if (method == u"run") {
        const QString language = action.value(QLatin1String("language")).toString();
        m_place->setText(tr("A run of %1 code in the sandbox %2, image %3, %4.")
                             .arg(shown(language), shown(action.value(QLatin1String("sandbox")).toString()),
                                  shown(action.value(QLatin1String("image")).toString()),
                                  action.value(QLatin1String("checkpoint")).toBool()
                                      ? tr("with a checkpoint first")
                                      : tr("without a checkpoint")));
        showCode(action.value(QLatin1String("code")).toString(), language);
        return;
    }
    if (action.contains(QLatin1String("name"))) {
        const QJsonObject args = action.value(QLatin1String("args")).toObject();
        const QString codeField = agent::codeFieldIn(args);
        m_place->setText(tr("A call of the tool \"%1\" with exactly these arguments.")
                             .arg(shown(action.value(QLatin1String("name")).toString())));
        QJsonObject others = args;
        if (!codeField.isEmpty()) {
            showCode(args.value(codeField).toString(), agent::codeLanguageFor(args, codeField));
            others.remove(codeField);
        }
        if (!others.isEmpty() || codeField.isEmpty())
            showArgs(others);
        return;
    }
    const QJsonValue payload = action.value(QLatin1String("payload"));
    m_place->setText(tr("A request with exactly this payload."));
    QJsonObject shown =
        payload.isObject() ? payload.toObject() : QJsonObject{{QStringLiteral("payload"), payload}};
    const QString codeField = agent::codeFieldIn(shown);
    if (!codeField.isEmpty()) {
        showCode(shown.value(codeField).toString(), agent::codeLanguageFor(shown, codeField));
        shown.remove(codeField);
    }
    if (!shown.isEmpty())
        showArgs(shown);
}

} // namespace k8::app
