// SPDX-License-Identifier: Apache-2.0
#include "mcp/ToolResults.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace k8::mcp {

namespace {

QJsonObject result(const QString& text, const QJsonObject& structured, bool isError)
{
    QJsonObject out{
        {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                           {QStringLiteral("text"), text}}}},
        {QStringLiteral("isError"), isError}};
    if (!structured.isEmpty())
        out.insert(QStringLiteral("structuredContent"), structured);
    return out;
}

QString compactJson(const QJsonValue& value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    // A bare value: wrapped in an array to reuse the writer, then unwrapped.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

} // namespace

QJsonObject ToolResults::fromRun(const QJsonObject& answer)
{
    const QString decision = answer.value(QStringLiteral("decision")).toString();
    if (decision != QLatin1String("approve") && decision != QLatin1String("edit")) {
        QString reason = answer.value(QStringLiteral("message")).toString();
        if (reason.isEmpty())
            reason = tr("no reason given");
        QJsonObject structured{{QStringLiteral("decision"), QStringLiteral("reject")},
                               {QStringLiteral("message"), reason}};
        return result(tr("The person at kosa8 Desk rejected this run; nothing ran. Reason: %1").arg(reason),
                      structured, true);
    }
    QJsonObject structured;
    for (const char* field : {"decision", "exit_code", "stdout", "stderr", "truncated", "checkpoint",
                              "sandbox", "image", "duration_ms", "output_dropped_bytes"}) {
        const QString key = QString::fromLatin1(field);
        if (answer.contains(key))
            structured.insert(key, answer.value(key));
    }
    const bool edited = decision == QLatin1String("edit");
    structured.insert(QStringLiteral("edited"), edited);
    if (edited)
        structured.insert(QStringLiteral("code"), answer.value(QStringLiteral("code")));

    const int exitCode = answer.value(QStringLiteral("exit_code")).toInt();
    QString text = tr("Exit code %1 (sandbox %2, checkpoint %3).")
                       .arg(exitCode)
                       .arg(answer.value(QStringLiteral("sandbox")).toString(),
                            answer.value(QStringLiteral("checkpoint")).toString(tr("none")));
    if (edited)
        text += QLatin1Char('\n') + tr("The person edited the code before approving it; this code ran:") +
                QLatin1Char('\n') + answer.value(QStringLiteral("code")).toString();
    text += QStringLiteral("\n--- stdout ---\n") + answer.value(QStringLiteral("stdout")).toString();
    text += QStringLiteral("\n--- stderr ---\n") + answer.value(QStringLiteral("stderr")).toString();
    if (answer.value(QStringLiteral("truncated")).toBool())
        text += QLatin1Char('\n') + tr("(The output was longer than kosa8 Desk keeps; it was cut.)");
    return result(text, structured, false);
}

QJsonObject ToolResults::fromReview(const QJsonValue& answer)
{
    const QJsonObject structured{{QStringLiteral("result"), answer}};
    return result(compactJson(answer), structured, false);
}

QJsonObject ToolResults::fromSocketError(const QJsonObject& error)
{
    const QString message = error.value(QStringLiteral("message")).toString();
    QJsonObject structured{{QStringLiteral("error_code"), error.value(QStringLiteral("code"))},
                           {QStringLiteral("message"), message}};
    QString text = tr("kosa8 Desk could not do this: %1").arg(message);
    const QJsonObject data = error.value(QStringLiteral("data")).toObject();
    if (!data.isEmpty()) {
        structured.insert(QStringLiteral("data"), data);
        const QString stderrText = data.value(QStringLiteral("stderr")).toString();
        if (!stderrText.isEmpty())
            text += QLatin1Char('\n') + stderrText;
    }
    return result(text, structured, true);
}

QJsonObject ToolResults::error(const QString& text, const QJsonObject& structured)
{
    return result(text, structured, true);
}

} // namespace k8::mcp
