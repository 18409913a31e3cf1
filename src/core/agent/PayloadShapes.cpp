#include "agent/PayloadShapes.h"

#include "agent/Sha256.h"
#include "kosa8/CommandProfile.h"
#include "kosa8/Names.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

// Shapes checked against the upstream sources (not copied):
//  - langchain 1.5.2, langchain/agents/middleware/human_in_the_loop.py: HITLRequest
//    {action_requests: list[ActionRequest{name, args, description?}], review_configs:
//    list[ReviewConfig{action_name, allowed_decisions, args_schema?}]}; DecisionType is
//    Literal["approve", "edit", "reject", "respond"]; HITLResponse {decisions: list[Decision]} with
//    ApproveDecision {type}, EditDecision {type, edited_action: Action{name, args}}, RejectDecision
//    {type, message?}, RespondDecision {type, message: str}. The middleware pairs decisions with
//    action requests by position and raises when a decision's type is not in allowed_decisions.
//    (Its optional "per_call" mode raises ToolApprovalRequest {type: "tool_approval", ...} answered
//    by a single Decision; that is not one of protocol.md's shapes and lands in Generic.)
//  - langgraph prebuilt/interrupt.py (the Agent Inbox schema): HumanInterrupt {action_request:
//    ActionRequest{action, args}, config: HumanInterruptConfig{allow_ignore, allow_respond,
//    allow_edit, allow_accept}, description?}; HumanResponse {type: "accept"|"ignore"|"response"|
//    "edit", args: None (accept, ignore) | str (response) | ActionRequest (edit)}. Its consumer
//    takes response[0] when it gets a list, and checks each type against the config.

namespace k8::agent {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(k8::agent::PayloadShapes)
};

constexpr qsizetype maxRunCodeBytes = 4 * 1024 * 1024;
constexpr int maxTimeoutS = 86400;
constexpr int maxTitleLength = 100;

const QString kAgent = QStringLiteral("agent");
const QString kTitle = QStringLiteral("title");

bool invalidParams(RpcError* error, const QString& message)
{
    *error = makeRpcError(ErrorCode::InvalidParams, message);
    return false;
}

QString shortened(const QString& text)
{
    QString oneLine = text.section(u'\n', 0, 0).simplified();
    if (oneLine.size() > maxTitleLength)
        oneLine = oneLine.left(maxTitleLength - 1) + QChar(0x2026);
    return oneLine;
}

// Optional string params: absent and null are "not given"; anything else must be a string.
bool optionalString(const QJsonObject& object, const QString& key, const QString& fieldName, QString* out,
                    RpcError* error)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return true;
    if (!value.isString())
        return invalidParams(error, Text::tr("Invalid params: \"%1\" must be a string.").arg(fieldName));
    *out = value.toString();
    return true;
}

bool readTimeout(const QJsonObject& params, int* timeoutS, RpcError* error)
{
    const QJsonValue value = params.value(QLatin1String("timeout_s"));
    if (value.isUndefined() || value.isNull())
        return true;
    const double seconds = value.toDouble(-1);
    if (!value.isDouble() || !std::isfinite(seconds) || seconds < 1 || seconds > maxTimeoutS)
        return invalidParams(
            error, Text::tr("Invalid params: \"timeout_s\" must be a number from 1 to %1 (seconds).")
                       .arg(maxTimeoutS));
    *timeoutS = static_cast<int>(std::ceil(seconds));
    return true;
}

// The first arg that holds code as a string, in codeFieldNames() order.
void findCode(ReviewAction* action)
{
    for (const QString& field : codeFieldNames()) {
        const QJsonValue value = action->args.value(field);
        if (value.isString()) {
            action->codeField = field;
            action->code = value.toString();
            return;
        }
    }
}

bool isHitl(const QJsonValue& payload)
{
    const QJsonObject object = payload.toObject();
    return payload.isObject() && object.contains(QLatin1String("action_requests")) &&
           object.contains(QLatin1String("review_configs"));
}

bool isInboxItem(const QJsonValue& value)
{
    return value.isObject() && value.toObject().contains(QLatin1String("action_request"));
}

bool isInbox(const QJsonValue& payload)
{
    if (isInboxItem(payload))
        return true;
    if (!payload.isArray() || payload.toArray().isEmpty())
        return false;
    const QJsonArray items = payload.toArray();
    return std::any_of(items.begin(), items.end(), [](const QJsonValue& item) { return isInboxItem(item); });
}

bool hitlDecisionKind(const QString& name, DecisionKind* kind)
{
    if (name == QLatin1String("approve"))
        *kind = DecisionKind::Approve;
    else if (name == QLatin1String("edit"))
        *kind = DecisionKind::Edit;
    else if (name == QLatin1String("reject"))
        *kind = DecisionKind::Reject;
    else if (name == QLatin1String("respond"))
        *kind = DecisionKind::Respond;
    else
        return false;
    return true;
}

bool readHitlConfig(const QJsonObject& config, int index, QSet<DecisionKind>* allowed, RpcError* error)
{
    const QString field = QStringLiteral("payload.review_configs[%1].allowed_decisions").arg(index);
    const QJsonValue decisions = config.value(QLatin1String("allowed_decisions"));
    if (!decisions.isArray())
        return invalidParams(error,
                             Text::tr("Invalid params: \"%1\" must be a list of decision names.").arg(field));
    for (const QJsonValue& decision : decisions.toArray()) {
        DecisionKind kind;
        // A decision type this app does not know is not offered, so a person cannot pick it.
        if (decision.isString() && hitlDecisionKind(decision.toString(), &kind))
            allowed->insert(kind);
        else if (!decision.isString())
            return invalidParams(error, Text::tr("Invalid params: \"%1\" must hold strings.").arg(field));
    }
    if (allowed->isEmpty())
        return invalidParams(
            error,
            Text::tr("Invalid params: \"%1\" names none of approve, edit, reject, respond.").arg(field));
    return true;
}

bool parseHitl(const QJsonObject& payload, Request* out, RpcError* error)
{
    const QJsonValue requests = payload.value(QLatin1String("action_requests"));
    const QJsonValue configs = payload.value(QLatin1String("review_configs"));
    if (!requests.isArray() || requests.toArray().isEmpty())
        return invalidParams(
            error, Text::tr("Invalid params: \"payload.action_requests\" must be a non-empty list of "
                            "{name, args, description?}."));
    if (!configs.isArray())
        return invalidParams(error, Text::tr("Invalid params: \"payload.review_configs\" must be a list of "
                                             "{action_name, allowed_decisions}."));
    const QJsonArray configList = configs.toArray();
    for (int i = 0; i < configList.size(); ++i) {
        const QJsonObject config = configList.at(i).toObject();
        if (!configList.at(i).isObject() || !config.value(QLatin1String("action_name")).isString())
            return invalidParams(error,
                                 Text::tr("Invalid params: \"payload.review_configs[%1]\" must be an object "
                                          "with a string \"action_name\".")
                                     .arg(i));
    }
    const QJsonArray requestList = requests.toArray();
    for (int i = 0; i < requestList.size(); ++i) {
        const QString field = QStringLiteral("payload.action_requests[%1]").arg(i);
        const QJsonObject request = requestList.at(i).toObject();
        if (!requestList.at(i).isObject() || !request.value(QLatin1String("name")).isString())
            return invalidParams(
                error,
                Text::tr("Invalid params: \"%1\" must be an object with a string \"name\".").arg(field));
        const QJsonValue args = request.value(QLatin1String("args"));
        if (!args.isObject())
            return invalidParams(error,
                                 Text::tr("Invalid params: \"%1.args\" must be an object.").arg(field));
        QString description;
        if (!optionalString(request, QStringLiteral("description"), field + QStringLiteral(".description"),
                            &description, error))
            return false;

        ReviewAction action;
        action.name = request.value(QLatin1String("name")).toString();
        action.description = description;
        action.args = args.toObject();
        findCode(&action);

        // The middleware builds one config per action request, in the same order; fall back to
        // the first config with the action's name when a client sent them otherwise.
        int configIndex = -1;
        if (i < configList.size() &&
            configList.at(i).toObject().value(QLatin1String("action_name")).toString() == action.name)
            configIndex = i;
        for (int c = 0; configIndex < 0 && c < configList.size(); ++c) {
            if (configList.at(c).toObject().value(QLatin1String("action_name")).toString() == action.name)
                configIndex = c;
        }
        if (configIndex < 0)
            return invalidParams(error,
                                 Text::tr("Invalid params: \"payload.review_configs\" has no entry with "
                                          "action_name \"%1\" (for %2).")
                                     .arg(action.name, field));
        if (!readHitlConfig(configList.at(configIndex).toObject(), configIndex, &action.allowed, error))
            return false;
        out->actions.append(action);
    }
    return true;
}

bool parseInboxItem(const QJsonValue& value, const QString& field, Request* out, RpcError* error)
{
    const QJsonObject item = value.toObject();
    if (!value.isObject())
        return invalidParams(error,
                             Text::tr("Invalid params: \"%1\" must be an object {action_request, config, "
                                      "description?}.")
                                 .arg(field));
    const QJsonObject actionRequest = item.value(QLatin1String("action_request")).toObject();
    if (!item.value(QLatin1String("action_request")).isObject() ||
        !actionRequest.value(QLatin1String("action")).isString())
        return invalidParams(error,
                             Text::tr("Invalid params: \"%1.action_request\" must be an object with a string "
                                      "\"action\".")
                                 .arg(field));
    const QJsonValue args = actionRequest.value(QLatin1String("args"));
    if (!args.isObject())
        return invalidParams(
            error, Text::tr("Invalid params: \"%1.action_request.args\" must be an object.").arg(field));
    const QJsonValue configValue = item.value(QLatin1String("config"));
    if (!configValue.isObject())
        return invalidParams(error, Text::tr("Invalid params: \"%1.config\" must be an object {allow_accept, "
                                             "allow_edit, allow_respond, allow_ignore}.")
                                        .arg(field));
    QString description;
    if (!optionalString(item, QStringLiteral("description"), field + QStringLiteral(".description"),
                        &description, error))
        return false;

    ReviewAction action;
    action.name = actionRequest.value(QLatin1String("action")).toString();
    action.description = description;
    action.args = args.toObject();
    findCode(&action);

    const QJsonObject config = configValue.toObject();
    const std::pair<const char*, DecisionKind> flags[] = {{"allow_accept", DecisionKind::Approve},
                                                          {"allow_edit", DecisionKind::Edit},
                                                          {"allow_respond", DecisionKind::Respond},
                                                          {"allow_ignore", DecisionKind::Reject}};
    for (const auto& [key, kind] : flags) {
        const QJsonValue flag = config.value(QLatin1String(key));
        if (flag.isUndefined() || flag.isNull())
            continue; // a missing permission is not granted
        if (!flag.isBool())
            return invalidParams(error, Text::tr("Invalid params: \"%1.config.%2\" must be true or false.")
                                            .arg(field, QLatin1String(key)));
        if (flag.toBool())
            action.allowed.insert(kind);
    }
    if (action.allowed.isEmpty())
        return invalidParams(error,
                             Text::tr("Invalid params: \"%1.config\" allows nothing (set at least one of "
                                      "allow_accept, allow_edit, allow_respond, allow_ignore).")
                                 .arg(field));
    out->actions.append(action);
    return true;
}

bool parseInbox(const QJsonValue& payload, Request* out, RpcError* error)
{
    if (payload.isObject())
        return parseInboxItem(payload, QStringLiteral("payload"), out, error);
    out->payloadIsList = true;
    const QJsonArray items = payload.toArray();
    for (int i = 0; i < items.size(); ++i) {
        if (!parseInboxItem(items.at(i), QStringLiteral("payload[%1]").arg(i), out, error))
            return false;
    }
    return true;
}

void parseGeneric(const QJsonValue& payload, Request* out)
{
    ReviewAction action;
    if (payload.isObject()) {
        action.args = payload.toObject();
        const QJsonValue code = action.args.value(QLatin1String("code"));
        if (code.isString()) {
            action.codeField = QStringLiteral("code");
            action.code = code.toString();
        }
        const QJsonValue description = action.args.value(QLatin1String("description"));
        if (description.isString())
            action.description = description.toString();
    }
    action.allowed = {DecisionKind::Approve, DecisionKind::Reject};
    out->actions.append(action);
}

QString derivedTitle(const Request& request)
{
    if (request.shape == PayloadShape::Generic) {
        const QJsonObject object = request.payload.toObject();
        for (const char* key : {"title", "question", "description", "message"}) {
            const QJsonValue value = object.value(QLatin1String(key));
            if (value.isString() && !value.toString().trimmed().isEmpty())
                return shortened(value.toString());
        }
        if (request.payload.isString() && !request.payload.toString().trimmed().isEmpty())
            return shortened(request.payload.toString());
        if (!request.actions.isEmpty() && !request.actions.first().code.trimmed().isEmpty())
            return shortened(request.actions.first().code.trimmed());
        return Text::tr("Review request");
    }
    QStringList names;
    for (const ReviewAction& action : request.actions)
        names.append(action.name);
    if (names.size() == 1)
        return shortened(Text::tr("Review %1").arg(names.first()));
    return shortened(
        Text::tr("Review %n actions: %1", nullptr, int(names.size())).arg(names.join(QStringLiteral(", "))));
}

// "before-<id>" where the id keeps only label characters and fits the 128-character limit.
QString checkpointLabelFor(const QJsonValue& rpcId)
{
    QString safe;
    for (const QChar c : rpcIdText(rpcId)) {
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') ||
                        c == u'_' || c == u'.' || c == u'-';
        safe.append(ok ? c : QChar(u'-'));
    }
    QString label = QStringLiteral("before-") + safe;
    label.truncate(128);
    if (!k8::kosa8::Names::checkLabel(label).isEmpty())
        label = QStringLiteral("before-request");
    return label;
}

void appendCanonical(const QJsonValue& value, QByteArray* out);

// How many bytes a code unit takes in canonical JSON: 1, 2 for the short escapes, 6 for \u00XX.
template <typename Unit> int escapedWidth(Unit unit)
{
    const auto c = static_cast<unsigned int>(unit);
    if (c >= 0x20)
        return c == '"' || c == '\\' ? 2 : 1;
    switch (c) {
    case '\b':
    case '\f':
    case '\n':
    case '\r':
    case '\t':
        return 2;
    default:
        return 6;
    }
}

// Writes `size` units (ASCII from UTF-16, or UTF-8 bytes) escaped into `to`, which has room.
template <typename Unit> char* writeEscaped(const Unit* units, qsizetype size, char* to)
{
    static const char hexDigits[] = "0123456789abcdef";
    for (qsizetype i = 0; i < size; ++i) {
        const auto c = static_cast<unsigned int>(units[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            *to++ = static_cast<char>(c);
            continue;
        }
        *to++ = '\\';
        switch (c) {
        case '"':
        case '\\':
            *to++ = static_cast<char>(c);
            break;
        case '\b':
            *to++ = 'b';
            break;
        case '\f':
            *to++ = 'f';
            break;
        case '\n':
            *to++ = 'n';
            break;
        case '\r':
            *to++ = 'r';
            break;
        case '\t':
            *to++ = 't';
            break;
        default:
            *to++ = 'u';
            *to++ = '0';
            *to++ = '0';
            *to++ = hexDigits[c >> 4];
            *to++ = hexDigits[c & 0xf];
        }
    }
    return to;
}

// Sizes the output once and writes straight into it: byte-by-byte appends were most of the cost
// of hashing a payload and of writing a ledger line.
template <typename Unit> void appendEscapedQuoted(const Unit* units, qsizetype size, QByteArray* out)
{
    qsizetype width = 0;
    for (qsizetype i = 0; i < size; ++i)
        width += escapedWidth(units[i]);
    const qsizetype start = out->size();
    out->resize(start + width + 2);
    char* to = out->data() + start;
    *to++ = '"';
    to = writeEscaped(units, size, to);
    *to = '"';
}

void appendCanonicalString(QStringView text, QByteArray* out)
{
    const char16_t* units = text.utf16();
    const qsizetype size = text.size();
    bool ascii = true;
    for (qsizetype i = 0; i < size && ascii; ++i)
        ascii = units[i] < 0x80;
    if (ascii) {
        appendEscapedQuoted(units, size, out); // ASCII is its own UTF-8
        return;
    }
    const QByteArray utf8 = text.toUtf8();
    appendEscapedQuoted(utf8.constData(), utf8.size(), out);
}

// ECMAScript's Number-to-string, which RFC 8785 (section 3.2.2.3) prescribes: the shortest digits
// that read back as the same double, written plainly from 1e-6 up to below 1e21 and with an
// exponent ("1e-7", "1.5e+300") outside that range.
void appendCanonicalNumber(double number, QByteArray* out)
{
    if (!std::isfinite(number)) {
        out->append("null"); // JSON has no NaN or infinity; QJsonValue never holds them from parsing
        return;
    }
    if (std::floor(number) == number && std::fabs(number) < 9007199254740992.0) {
        out->append(QByteArray::number(static_cast<qint64>(number))); // also turns -0 into 0
        return;
    }
    // "d.ddde±x": the shortest round-trip digits and the decimal exponent.
    const QByteArray scientific =
        QString::number(std::fabs(number), 'e', QLocale::FloatingPointShortest).toLatin1();
    const qsizetype e = scientific.indexOf('e');
    QByteArray digits = scientific.left(e);
    digits.replace(".", "");
    while (digits.size() > 1 && digits.endsWith('0'))
        digits.chop(1);
    const QByteArray exponentText = scientific.mid(e + 1);
    int exponent = 0;
    for (const char c : exponentText) {
        if (c >= '0' && c <= '9')
            exponent = exponent * 10 + (c - '0');
    }
    if (exponentText.startsWith('-'))
        exponent = -exponent;
    const int k = int(digits.size());
    const int n = exponent + 1; // the decimal point sits after n digits
    if (number < 0)
        out->append('-');
    if (k <= n && n <= 21) {
        out->append(digits);
        out->append(QByteArray(n - k, '0'));
    } else if (0 < n && n <= 21) {
        out->append(digits.left(n));
        out->append('.');
        out->append(digits.mid(n));
    } else if (-6 < n && n <= 0) {
        out->append("0.");
        out->append(QByteArray(-n, '0'));
        out->append(digits);
    } else {
        out->append(digits.at(0));
        if (k > 1) {
            out->append('.');
            out->append(digits.mid(1));
        }
        out->append(n - 1 < 0 ? "e-" : "e+");
        out->append(QByteArray::number(std::abs(n - 1)));
    }
}

void appendCanonical(const QJsonValue& value, QByteArray* out)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out->append("null");
        break;
    case QJsonValue::Bool:
        out->append(value.toBool() ? "true" : "false");
        break;
    case QJsonValue::Double:
        appendCanonicalNumber(value.toDouble(), out);
        break;
    case QJsonValue::String:
        appendCanonicalString(value.toString(), out);
        break;
    case QJsonValue::Array: {
        out->append('[');
        const QJsonArray array = value.toArray();
        bool first = true;
        for (const QJsonValue& item : array) {
            if (!first)
                out->append(',');
            first = false;
            appendCanonical(item, out);
        }
        out->append(']');
        break;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        // One pass over the members; QJsonObject usually holds them in this order already, so
        // the sort is a check (QString's operator< compares UTF-16 code units).
        std::vector<std::pair<QString, QJsonValue>> members;
        members.reserve(size_t(object.size()));
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            members.emplace_back(it.key(), it.value());
        auto byKey = [](const auto& a, const auto& b) { return a.first < b.first; };
        if (!std::is_sorted(members.begin(), members.end(), byKey))
            std::sort(members.begin(), members.end(), byKey);
        out->append('{');
        bool first = true;
        for (const auto& [key, member] : members) {
            if (!first)
                out->append(',');
            first = false;
            appendCanonicalString(key, out);
            out->append(':');
            appendCanonical(member, out);
        }
        out->append('}');
        break;
    }
    }
}

QJsonObject hitlDecision(const ReviewAction& action, const ActionDecision& decision)
{
    QJsonObject out;
    out.insert(QLatin1String("type"), decisionName(decision.kind));
    switch (decision.kind) {
    case DecisionKind::Approve:
        break;
    case DecisionKind::Edit:
        out.insert(QLatin1String("edited_action"), QJsonObject{{QLatin1String("name"), action.name},
                                                               {QLatin1String("args"), decision.editedArgs}});
        break;
    case DecisionKind::Reject:
        if (!decision.message.isEmpty())
            out.insert(QLatin1String("message"), decision.message);
        break;
    case DecisionKind::Respond:
        out.insert(QLatin1String("message"), decision.message);
        break;
    }
    return out;
}

QJsonObject inboxResponse(const ReviewAction& action, const ActionDecision& decision)
{
    switch (decision.kind) {
    case DecisionKind::Approve:
        return {{QLatin1String("type"), QStringLiteral("accept")}, {QLatin1String("args"), QJsonValue::Null}};
    case DecisionKind::Edit:
        return {{QLatin1String("type"), QStringLiteral("edit")},
                {QLatin1String("args"), QJsonObject{{QLatin1String("action"), action.name},
                                                    {QLatin1String("args"), decision.editedArgs}}}};
    case DecisionKind::Respond:
        return {{QLatin1String("type"), QStringLiteral("response")},
                {QLatin1String("args"), decision.message}};
    case DecisionKind::Reject:
        break;
    }
    return {{QLatin1String("type"), QStringLiteral("ignore")}, {QLatin1String("args"), QJsonValue::Null}};
}

} // namespace

QStringList codeFieldNames()
{
    return {QStringLiteral("code"), QStringLiteral("script"), QStringLiteral("command"),
            QStringLiteral("source")};
}

QString defaultImageFor(const QString& language)
{
    if (language == QLatin1String("python"))
        return QStringLiteral("python:3.12-slim");
    if (language == QLatin1String("bash"))
        return QStringLiteral("debian:bookworm-slim");
    if (language == QLatin1String("node"))
        return QStringLiteral("node:22-slim");
    return {};
}

QByteArray canonicalJson(const QJsonValue& value)
{
    QByteArray out;
    out.reserve(256);
    appendCanonical(value, &out);
    return out;
}

void appendCanonicalJson(const QJsonValue& value, QByteArray* out)
{
    appendCanonical(value, out);
}

void appendCanonicalJsonString(QStringView text, QByteArray* out)
{
    appendCanonicalString(text, out);
}

bool requestFromReview(const QJsonObject& params, Request* out, RpcError* error)
{
    Request request;
    request.method = QStringLiteral("review");
    if (!params.contains(QLatin1String("payload")))
        return invalidParams(error,
                             Text::tr("Invalid params: \"payload\" is required (the value the interrupt "
                                      "raised, any JSON value)."));
    request.payload = params.value(QLatin1String("payload"));
    if (!optionalString(params, kTitle, kTitle, &request.title, error) ||
        !optionalString(params, kAgent, kAgent, &request.agent, error) ||
        !optionalString(params, QStringLiteral("thread_id"), QStringLiteral("thread_id"), &request.threadId,
                        error) ||
        !readTimeout(params, &request.timeoutS, error))
        return false;

    if (isHitl(request.payload)) {
        request.shape = PayloadShape::HumanInTheLoop;
        if (!parseHitl(request.payload.toObject(), &request, error))
            return false;
    } else if (isInbox(request.payload)) {
        request.shape = PayloadShape::AgentInbox;
        if (!parseInbox(request.payload, &request, error))
            return false;
    } else {
        request.shape = PayloadShape::Generic;
        parseGeneric(request.payload, &request);
    }
    request.title = request.title.trimmed().isEmpty() ? derivedTitle(request) : shortened(request.title);
    request.payloadSha256 = sha256Hex(canonicalJson(request.payload));
    *out = request;
    return true;
}

bool requestFromRun(const QJsonObject& params, const QJsonValue& rpcId, const RunDefaults& defaults,
                    Request* out, RpcError* error)
{
    Request request;
    request.method = QStringLiteral("run");
    request.shape = PayloadShape::Run;
    request.rpcId = rpcId;
    request.payload = params;

    const QJsonValue code = params.value(QLatin1String("code"));
    if (!code.isString())
        return invalidParams(error, Text::tr("Invalid params: \"code\" is required and must be a string."));
    RunSpec& run = request.run;
    run.code = code.toString();
    // A lone surrogate (JSON "\ud800") has no UTF-8 form: the bytes that ran would differ from
    // the code shown and hashed, so such code is refused before anyone sees it.
    if (!kosa8::CommandProfile::encodesExactly(run.code))
        return invalidParams(error, Text::tr("Invalid params: \"code\" holds a lone UTF-16 surrogate "
                                             "(\\uD800 to \\uDFFF without its pair), which is not "
                                             "valid Unicode; send the code as valid UTF-8."));
    const qsizetype codeBytes = run.code.toUtf8().size();
    if (codeBytes > maxRunCodeBytes)
        return invalidParams(error,
                             Text::tr("Invalid params: \"code\" is %1 bytes; at most %2 bytes (4 MiB) are "
                                      "accepted.")
                                 .arg(codeBytes)
                                 .arg(maxRunCodeBytes));
    if (!optionalString(params, QStringLiteral("language"), QStringLiteral("language"), &run.language, error))
        return false;
    if (defaultImageFor(run.language).isEmpty())
        return invalidParams(
            error, Text::tr("Invalid params: \"language\" must be \"python\", \"bash\" or \"node\", "
                            "not \"%1\".")
                       .arg(run.language));

    QString sandbox;
    if (!optionalString(params, QStringLiteral("sandbox"), QStringLiteral("sandbox"), &sandbox, error))
        return false;
    if (!sandbox.isEmpty()) {
        const QString problem = k8::kosa8::Names::checkSandbox(sandbox);
        if (!problem.isEmpty())
            return invalidParams(error, Text::tr("Invalid params: \"sandbox\": %1").arg(problem));
        run.sandbox = sandbox;
    } else if (!defaults.sandbox.isEmpty()) {
        run.sandbox = defaults.sandbox;
    } else {
        *error =
            makeRpcError(ErrorCode::NoSandbox,
                         Text::tr("No sandbox is configured and none was named: pass \"sandbox\" or choose a "
                                  "sandbox in the app's settings."));
        return false;
    }

    QString image;
    if (!optionalString(params, QStringLiteral("image"), QStringLiteral("image"), &image, error))
        return false;
    if (!image.isEmpty()) {
        const QString problem = k8::kosa8::Names::checkImage(image);
        if (!problem.isEmpty())
            return invalidParams(error, Text::tr("Invalid params: \"image\": %1").arg(problem));
        run.image = image;
    } else {
        run.image = defaults.imageByLanguage.value(run.language);
        if (run.image.isEmpty())
            run.image = defaultImageFor(run.language);
    }

    if (!readTimeout(params, &request.timeoutS, error))
        return false;
    run.timeoutS = request.timeoutS;
    const QJsonValue checkpoint = params.value(QLatin1String("checkpoint"));
    if (!checkpoint.isUndefined() && !checkpoint.isNull() && !checkpoint.isBool())
        return invalidParams(error, Text::tr("Invalid params: \"checkpoint\" must be true or false."));
    run.checkpoint = checkpoint.toBool(true);
    run.checkpointLabel = checkpointLabelFor(rpcId);

    if (!optionalString(params, kAgent, kAgent, &request.agent, error) ||
        !optionalString(params, kTitle, kTitle, &request.title, error) ||
        !optionalString(params, QStringLiteral("thread_id"), QStringLiteral("thread_id"), &request.threadId,
                        error))
        return false;
    if (request.title.trimmed().isEmpty())
        request.title = Text::tr("Run %1 code in %2").arg(run.language, run.sandbox);
    else
        request.title = shortened(request.title);

    ReviewAction action;
    action.name = QStringLiteral("run");
    action.args = QJsonObject{{QLatin1String("code"), run.code}, {QLatin1String("language"), run.language}};
    action.codeField = QStringLiteral("code");
    action.code = run.code;
    action.allowed = {DecisionKind::Approve, DecisionKind::Edit, DecisionKind::Reject};
    request.actions.append(action);
    request.payloadSha256 = sha256Hex(canonicalJson(params));
    *out = request;
    return true;
}

bool reviewResult(const Request& request, const PersonDecision& decision, QJsonValue* result, QString* error)
{
    auto fail = [error](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (decision.actions.size() != request.actions.size())
        return fail(Text::tr("The decision covers %1 action(s) but the request has %2.")
                        .arg(decision.actions.size())
                        .arg(request.actions.size()));
    if (request.actions.isEmpty())
        return fail(Text::tr("The request has no action to decide on."));
    for (qsizetype i = 0; i < request.actions.size(); ++i) {
        const ReviewAction& action = request.actions.at(i);
        const ActionDecision& chosen = decision.actions.at(i);
        if (!action.allowed.contains(chosen.kind))
            return fail(Text::tr("\"%1\" is not allowed for action %2 (%3).")
                            .arg(decisionName(chosen.kind))
                            .arg(i + 1)
                            .arg(action.name.isEmpty() ? Text::tr("unnamed") : action.name));
        if (chosen.kind == DecisionKind::Edit && request.shape == PayloadShape::Run &&
            !chosen.editedArgs.value(QLatin1String("code")).isString())
            return fail(Text::tr("An edited run needs the edited code."));
    }

    switch (request.shape) {
    case PayloadShape::HumanInTheLoop: {
        QJsonArray decisions;
        for (qsizetype i = 0; i < request.actions.size(); ++i)
            decisions.append(hitlDecision(request.actions.at(i), decision.actions.at(i)));
        *result = QJsonObject{{QLatin1String("decisions"), decisions}};
        return true;
    }
    case PayloadShape::AgentInbox: {
        QJsonArray responses;
        for (qsizetype i = 0; i < request.actions.size(); ++i)
            responses.append(inboxResponse(request.actions.at(i), decision.actions.at(i)));
        *result = responses;
        return true;
    }
    case PayloadShape::Generic: {
        const DecisionKind kind = decision.actions.first().kind;
        if (kind != DecisionKind::Approve && kind != DecisionKind::Reject)
            return fail(Text::tr("A plain question can only be approved or rejected."));
        *result = kind == DecisionKind::Approve ? QStringLiteral("approve") : QStringLiteral("reject");
        return true;
    }
    case PayloadShape::Run: {
        const ActionDecision& chosen = decision.actions.first();
        switch (chosen.kind) {
        case DecisionKind::Approve:
            *result = QJsonObject{{QLatin1String("decision"), QStringLiteral("approve")},
                                  {QLatin1String("code"), request.run.code}};
            return true;
        case DecisionKind::Edit:
            *result = QJsonObject{{QLatin1String("decision"), QStringLiteral("edit")},
                                  {QLatin1String("code"), chosen.editedArgs.value(QLatin1String("code"))}};
            return true;
        case DecisionKind::Reject:
            *result =
                QJsonObject{{QLatin1String("decision"), QStringLiteral("reject")},
                            {QLatin1String("message"),
                             chosen.message.isEmpty() ? Text::tr("Rejected by a person.") : chosen.message}};
            return true;
        case DecisionKind::Respond:
            break;
        }
        return fail(Text::tr("A run is only approved, edited or rejected."));
    }
    }
    return fail(Text::tr("Unknown payload shape."));
}

QJsonValue rejectionFor(const Request& request, const QString& reason)
{
    switch (request.shape) {
    case PayloadShape::HumanInTheLoop: {
        QJsonArray decisions;
        for (qsizetype i = 0; i < std::max<qsizetype>(1, request.actions.size()); ++i)
            decisions.append(QJsonObject{{QLatin1String("type"), QStringLiteral("reject")},
                                         {QLatin1String("message"), reason}});
        return QJsonObject{{QLatin1String("decisions"), decisions}};
    }
    case PayloadShape::AgentInbox: {
        QJsonArray responses;
        for (qsizetype i = 0; i < std::max<qsizetype>(1, request.actions.size()); ++i)
            responses.append(QJsonObject{{QLatin1String("type"), QStringLiteral("ignore")},
                                         {QLatin1String("args"), QJsonValue::Null}});
        return responses;
    }
    case PayloadShape::Generic:
        return QStringLiteral("reject");
    case PayloadShape::Run:
        return QJsonObject{{QLatin1String("decision"), QStringLiteral("reject")},
                           {QLatin1String("message"), reason}};
    }
    return QStringLiteral("reject");
}

QJsonValue approvalFor(const Request& request)
{
    switch (request.shape) {
    case PayloadShape::HumanInTheLoop: {
        QJsonArray decisions;
        for (qsizetype i = 0; i < request.actions.size(); ++i)
            decisions.append(QJsonObject{{QLatin1String("type"), QStringLiteral("approve")}});
        return QJsonObject{{QLatin1String("decisions"), decisions}};
    }
    case PayloadShape::AgentInbox: {
        QJsonArray responses;
        for (qsizetype i = 0; i < request.actions.size(); ++i)
            responses.append(QJsonObject{{QLatin1String("type"), QStringLiteral("accept")},
                                         {QLatin1String("args"), QJsonValue::Null}});
        return responses;
    }
    case PayloadShape::Generic:
        return QStringLiteral("approve");
    case PayloadShape::Run:
        break;
    }
    return QJsonValue(QJsonValue::Undefined);
}

QStringList actionCodeSha256s(const Request& request)
{
    QStringList hashes;
    hashes.reserve(request.actions.size());
    for (const ReviewAction& action : request.actions)
        hashes.append(action.codeField.isEmpty() ? QString() : sha256Hex(action.code.toUtf8()));
    return hashes;
}

bool codesOf(const Request& request, QStringList* codes)
{
    QStringList found;
    for (const ReviewAction& action : request.actions) {
        if (action.codeField.isEmpty())
            return false;
        found.append(action.code);
    }
    if (found.isEmpty())
        return false;
    *codes = found;
    return true;
}

} // namespace k8::agent
