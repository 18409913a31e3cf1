// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/RunShape.h"

#include "agent/canonical/CanonicalJson.h"
#include "agent/canonical/Sha256.h"
#include "agent/payload/PayloadFields.h"
#include "agent/payload/PayloadShapes.h"
#include "kosa8/CommandProfile.h"
#include "kosa8/Names.h"

namespace k8::agent::run {

namespace {

constexpr qsizetype MaxRunCodeBytes = 4 * 1024 * 1024;

// "before-<id>" where the id keeps only label characters and fits the 128-character limit.
QString checkpointLabelFor(const QJsonValue& rpcId)
{
    QString safe;
    for (const QChar c : requestIdText(rpcId)) {
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

} // namespace

bool parse(const QJsonObject& params, const QJsonValue& rpcId, const RunDefaults& defaults, Request* out,
           RpcError* error)
{
    Request request;
    request.method = Method::Run;
    request.shape = PayloadShape::Run;
    request.origin.id = rpcId;
    request.payload = params;

    const QJsonValue code = params.value(QLatin1String("code"));
    if (!code.isString())
        return invalidParams(error,
                             PayloadText::tr("Invalid params: \"code\" is required and must be a string."));
    RunSpec& run = request.run;
    run.code = code.toString();
    // A lone surrogate (JSON "\ud800") has no UTF-8 form: the bytes that ran would differ from
    // the code shown and hashed, so such code is refused before anyone sees it.
    if (!kosa8::CommandProfile::encodesExactly(run.code))
        return invalidParams(error, PayloadText::tr("Invalid params: \"code\" holds a lone UTF-16 surrogate "
                                                    "(\\uD800 to \\uDFFF without its pair), which is not "
                                                    "valid Unicode; send the code as valid UTF-8."));
    const qsizetype codeBytes = run.code.toUtf8().size();
    if (codeBytes > MaxRunCodeBytes)
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"code\" is %1 bytes; at most %2 bytes (4 MiB) are "
                                   "accepted.")
                       .arg(codeBytes)
                       .arg(MaxRunCodeBytes));
    if (!optionalString(params, QStringLiteral("language"), QStringLiteral("language"), &run.language, error))
        return false;
    if (defaultImageFor(run.language).isEmpty())
        return invalidParams(
            error, PayloadText::tr("Invalid params: \"language\" must be \"python\", \"bash\" or \"node\", "
                                   "not \"%1\".")
                       .arg(run.language));

    QString sandbox;
    if (!optionalString(params, QStringLiteral("sandbox"), QStringLiteral("sandbox"), &sandbox, error))
        return false;
    if (!sandbox.isEmpty()) {
        const QString problem = k8::kosa8::Names::checkSandbox(sandbox);
        if (!problem.isEmpty())
            return invalidParams(error, PayloadText::tr("Invalid params: \"sandbox\": %1").arg(problem));
        run.sandbox = sandbox;
    } else if (!defaults.sandbox.isEmpty()) {
        run.sandbox = defaults.sandbox;
    } else {
        *error = makeRpcError(
            ErrorCode::NoSandbox,
            PayloadText::tr("No sandbox is configured and none was named: pass \"sandbox\" or choose a "
                            "sandbox in the app's settings."));
        return false;
    }

    QString image;
    if (!optionalString(params, QStringLiteral("image"), QStringLiteral("image"), &image, error))
        return false;
    if (!image.isEmpty()) {
        const QString problem = k8::kosa8::Names::checkImage(image);
        if (!problem.isEmpty())
            return invalidParams(error, PayloadText::tr("Invalid params: \"image\": %1").arg(problem));
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
        return invalidParams(error, PayloadText::tr("Invalid params: \"checkpoint\" must be true or false."));
    run.checkpoint = checkpoint.toBool(true);
    run.checkpointLabel = checkpointLabelFor(rpcId);

    if (!optionalString(params, KeyAgent, KeyAgent, &request.agent, error) ||
        !optionalString(params, KeyTitle, KeyTitle, &request.title, error) ||
        !optionalString(params, QStringLiteral("thread_id"), QStringLiteral("thread_id"), &request.threadId,
                        error))
        return false;
    if (request.title.trimmed().isEmpty())
        request.title = PayloadText::tr("Run %1 code in %2").arg(run.language, run.sandbox);
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

bool result(const Request& request, const PersonDecision& decision, QJsonValue* result, QString* error)
{
    const ActionDecision& chosen = decision.actions.first();
    switch (chosen.kind) {
    case DecisionKind::Approve:
        *result = QJsonObject{{QLatin1String("decision"), decisionName(DecisionKind::Approve)},
                              {QLatin1String("code"), request.run.code}};
        return true;
    case DecisionKind::Edit:
        *result = QJsonObject{{QLatin1String("decision"), decisionName(DecisionKind::Edit)},
                              {QLatin1String("code"), chosen.editedArgs.value(QLatin1String("code"))}};
        return true;
    case DecisionKind::Reject:
        *result = QJsonObject{{QLatin1String("decision"), decisionName(DecisionKind::Reject)},
                              {QLatin1String("message"), chosen.message.isEmpty()
                                                             ? PayloadText::tr("Rejected by a person.")
                                                             : chosen.message}};
        return true;
    case DecisionKind::Respond:
        break;
    }
    if (error)
        *error = PayloadText::tr("A run is only approved, edited or rejected.");
    return false;
}

QJsonValue rejection(const QString& reason)
{
    return QJsonObject{{QLatin1String("decision"), decisionName(DecisionKind::Reject)},
                       {QLatin1String("message"), reason}};
}

} // namespace k8::agent::run
