// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/ActionBinding.h"
#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/HiddenText.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::ActionBinding)
};

const QString KeyMethod = QStringLiteral("method");
const QString KeyCode = QStringLiteral("code");

// 2^53: from here on a double no longer holds every integer, so "9007199254740993" parses to the
// same double as "9007199254740992" here while Python keeps them apart.
constexpr double ExactIntegerLimit = 9007199254740992.0;

QString inexactString(QStringView text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            ++i;
            continue;
        }
        if (c.isSurrogate())
            return Text::tr("a string holds a lone UTF-16 surrogate, which has no UTF-8 form");
    }
    return {};
}

// Why `text` can hide code (HiddenText::canHideCode), in words, or empty.
QString hidingString(const QString& text)
{
    const std::optional<HiddenText::Finding> found = HiddenText::firstHidingFinding(HiddenText::scan(text));
    if (!found)
        return {};
    const QString character = found->codePoint != 0
                                  ? QStringLiteral(" (%1)").arg(HiddenText::markerLabel(found->codePoint))
                                  : QString();
    switch (found->kind) {
    case HiddenText::BidiControl:
        return Text::tr("the text holds a bidirectional control%1").arg(character);
    case HiddenText::Invisible:
        return Text::tr("the text holds an invisible character%1").arg(character);
    case HiddenText::ControlCharacter:
        return Text::tr("the text holds a control character%1").arg(character);
    case HiddenText::LoneCarriageReturn:
        return Text::tr("the text holds a lone carriage return, a line end for some interpreters only");
    case HiddenText::LineSeparator:
        return Text::tr("the text holds a Unicode line or paragraph separator%1").arg(character);
    case HiddenText::EncodingDeclaration:
        return Text::tr("the text declares a source encoding other than UTF-8 (\"%1\"), so Python can read "
                        "other code than the one shown")
            .arg(text.mid(found->offset, found->length));
    default:
        break;
    }
    return Text::tr("the text holds characters that can hide code");
}

QString defaultImage(const RunDefaults& defaults, const QString& language)
{
    const QString configured = defaults.imageByLanguage.value(language);
    return configured.isEmpty() ? defaultImageFor(language) : configured;
}

// `canonical` is the canonical JSON of `bound` and `exact` whether it stands for exactly that
// (canonicalJson(value, exact)).
ActionBinding finished(ActionBinding binding, const QByteArray& canonical, bool exact, const QString& code,
                       bool hasCode, bool codeOnly)
{
    binding.actionSha256 = sha256Hex(canonical);
    if (hasCode)
        binding.codeSha256 = sha256Hex(code.toUtf8());
    binding.exact = exact;
    binding.codeOnly = codeOnly && hasCode && binding.exact;
    return binding;
}

ActionBinding finished(QJsonObject bound, const QString& code, bool hasCode, bool codeOnly)
{
    bool exact = true;
    const QByteArray canonical = canonicalJson(bound, &exact);
    ActionBinding binding;
    binding.boundObject = std::move(bound);
    return finished(std::move(binding), canonical, exact, code, hasCode, codeOnly);
}

QJsonObject payloadBound(const QJsonValue& payload)
{
    return QJsonObject{{KeyMethod, QStringLiteral("review")}, {QStringLiteral("payload"), payload}};
}

// A HITL or Agent Inbox action: its name and complete args.
ActionBinding toolBinding(const QString& name, const QJsonObject& args)
{
    QString codeField;
    for (const QString& field : codeFieldNames()) {
        if (args.value(field).isString()) {
            codeField = field;
            break;
        }
    }
    const bool onlyCode = !codeField.isEmpty() && args.size() == 1;
    return finished(QJsonObject{{KeyMethod, QStringLiteral("review")},
                                {QStringLiteral("name"), name},
                                {QStringLiteral("args"), args}},
                    args.value(codeField).toString(), !codeField.isEmpty(), onlyCode);
}

// Any other payload: the whole of it. Besides the code only the strings a person is shown as
// text (the question and its title and description) may be there for a code-only match.
// `request`, when given, is the request the payload came with: its canonical payload is reused.
ActionBinding payloadBinding(const QJsonValue& payload, const Request* request = nullptr)
{
    const QJsonObject object = payload.toObject();
    const bool hasCode = payload.isObject() && object.value(KeyCode).isString();
    bool onlyCode = hasCode;
    for (auto it = object.constBegin(); onlyCode && it != object.constEnd(); ++it) {
        const bool shownText = (it.key() == QLatin1String("question") || it.key() == QLatin1String("title") ||
                                it.key() == QLatin1String("description")) &&
                               it.value().isString();
        onlyCode = it.key() == KeyCode || shownText;
    }
    ActionBinding binding;
    binding.boundPayload = payload;
    binding.boundIsPayload = true;
    if (request && !request->payloadCanonical.isEmpty()) {
        // Canonical JSON sorts "method" before "payload", so the bound object's form is the
        // payload's form (written once, for payload_sha256) inside a fixed frame.
        static const QByteArray head = QByteArrayLiteral("{\"method\":\"review\",\"payload\":");
        QByteArray canonical;
        canonical.reserve(head.size() + request->payloadCanonical.size() + 1);
        canonical.append(head).append(request->payloadCanonical).append('}');
        return finished(std::move(binding), canonical, request->payloadCanonicalExact,
                        object.value(KeyCode).toString(), hasCode, onlyCode);
    }
    bool exact = true;
    const QByteArray canonical = canonicalJson(payloadBound(payload), &exact);
    return finished(std::move(binding), canonical, exact, object.value(KeyCode).toString(), hasCode,
                    onlyCode);
}

} // namespace

QJsonObject ActionBinding::bound() const
{
    return boundIsPayload ? payloadBound(boundPayload) : boundObject;
}

QString inexactReason(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return inexactString(value.toString());
    case QJsonValue::Double: {
        const double number = value.toDouble();
        if (std::isfinite(number) && std::floor(number) == number && std::fabs(number) >= ExactIntegerLimit)
            return Text::tr(
                "a number is an integer of 2^53 or more, which JSON readers do not all read alike");
        return {};
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        for (const QJsonValue& item : array) {
            if (QString why = inexactReason(item); !why.isEmpty())
                return why;
        }
        return {};
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (QString why = inexactString(it.key()); !why.isEmpty())
                return why;
            if (QString why = inexactReason(it.value()); !why.isEmpty())
                return why;
        }
        return {};
    }
    case QJsonValue::Null:
    case QJsonValue::Bool:
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

QString hidingReason(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return hidingString(value.toString());
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        for (const QJsonValue& item : array) {
            if (QString why = hidingReason(item); !why.isEmpty())
                return why;
        }
        return {};
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (QString why = hidingString(it.key()); !why.isEmpty())
                return why;
            if (QString why = hidingReason(it.value()); !why.isEmpty())
                return why;
        }
        return {};
    }
    case QJsonValue::Double:
    case QJsonValue::Null:
    case QJsonValue::Bool:
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

QString hidingReason(const ActionBinding& binding)
{
    return hidingReason(binding.boundIsPayload ? binding.boundPayload : QJsonValue(binding.boundObject));
}

ActionBinding runBinding(const RunSpec& spec, const RunDefaults& defaults)
{
    // "holds nothing but its code": python, the protocol's default language (the same text can
    // mean something else to another interpreter), where and as the app would run it anyway.
    const bool onlyCode = spec.language == QLatin1String("python") && !defaults.sandbox.isEmpty() &&
                          spec.sandbox == defaults.sandbox &&
                          spec.image == defaultImage(defaults, spec.language) && spec.checkpoint;
    return finished(QJsonObject{{KeyMethod, QStringLiteral("run")},
                                {QStringLiteral("language"), spec.language},
                                {KeyCode, spec.code},
                                {QStringLiteral("sandbox"), spec.sandbox},
                                {QStringLiteral("image"), spec.image},
                                {QStringLiteral("checkpoint"), spec.checkpoint}},
                    spec.code, true, onlyCode);
}

QList<ActionBinding> actionBindings(const Request& request, const RunDefaults& defaults)
{
    QList<ActionBinding> bindings;
    bindings.reserve(request.actions.size());
    for (const ReviewAction& action : request.actions) {
        switch (request.shape) {
        case PayloadShape::Run:
            bindings.append(runBinding(request.run, defaults));
            break;
        case PayloadShape::Generic:
            bindings.append(payloadBinding(request.payload, &request));
            break;
        case PayloadShape::HumanInTheLoop:
        case PayloadShape::ToolApproval: // the same tool call as a batched HITL action binds alike
        case PayloadShape::AgentInbox:
            bindings.append(toolBinding(action.name, action.args));
            break;
        }
    }
    return bindings;
}

QList<ActionBinding> approvedActionBindings(const Request& request, const PersonDecision& decision,
                                            const RunDefaults& defaults)
{
    if (decision.actions.size() != request.actions.size())
        return {};
    QList<ActionBinding> bindings;
    bindings.reserve(request.actions.size());
    for (qsizetype i = 0; i < request.actions.size(); ++i) {
        const ReviewAction& action = request.actions.at(i);
        const ActionDecision& chosen = decision.actions.at(i);
        const bool edited = chosen.kind == DecisionKind::Edit;
        // A plain payload has no edits: an "edit" of it approves nothing.
        if ((chosen.kind != DecisionKind::Approve && !edited) ||
            (edited && request.shape == PayloadShape::Generic)) {
            ActionBinding none;
            none.approved = false;
            none.exact = false;
            bindings.append(none);
            continue;
        }
        switch (request.shape) {
        case PayloadShape::Run: {
            RunSpec spec = request.run;
            if (edited)
                spec.code = chosen.editedArgs.value(KeyCode).toString();
            if (!decision.runSandbox.isEmpty())
                spec.sandbox = decision.runSandbox;
            if (!decision.runImage.isEmpty())
                spec.image = decision.runImage;
            bindings.append(runBinding(spec, defaults));
            break;
        }
        case PayloadShape::Generic:
            bindings.append(payloadBinding(request.payload, &request));
            break;
        case PayloadShape::HumanInTheLoop:
        case PayloadShape::ToolApproval: // the same tool call as a batched HITL action binds alike
        case PayloadShape::AgentInbox:
            bindings.append(toolBinding(action.name, edited ? chosen.editedArgs : action.args));
            break;
        }
    }
    return bindings;
}

QString approvedActionSha256s(const QList<ActionBinding>& bindings)
{
    QStringList hashes;
    bool any = false;
    for (const ActionBinding& binding : bindings) {
        hashes.append(binding.approved ? binding.actionSha256 : QString());
        any = any || binding.approved;
    }
    return any ? hashes.join(QLatin1Char(',')) : QString();
}

} // namespace k8::agent
