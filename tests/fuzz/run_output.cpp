// SPDX-License-Identifier: Apache-2.0
// Run output on its way to the agent (OutputPieces, protocol.md "Bounds on a run's output"): any
// bytes a run prints. Invariants: replaceInvalidUtf8() gives exactly what Qt's decoder and encoder
// give (decodeUtf8Piece, then toUtf8), which is valid UTF-8; the run.output line built from it is
// the notification of that text, one line of JSON; and the bytes cut at wholeUtf8Length() replace
// in two pieces exactly as in one.
#include "FuzzSupport.h"

#include "agent/runs/OutputPieces.h"
#include "agent/socket/JsonRpc.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    k8fuzz::ensureApp();
    const QByteArray printed = k8fuzz::bytes(data, size);
    const QByteArray replaced = k8::agent::replaceInvalidUtf8(printed);
    FUZZ_ASSERT(replaced == k8::agent::decodeUtf8Piece(printed).toUtf8(), printed.toHex());
    FUZZ_ASSERT(replaced.isValidUtf8(), printed.toHex());

    // The line, byte for byte, as the notification built from the decoded text (what
    // tst_outputpieces checks for chosen pieces). Not compared after Qt's JSON parser: it drops a
    // U+FEFF that starts a string without escapes, which the line carries and agents keep.
    const QJsonValue id(1);
    const QByteArray line = k8::agent::runOutputNotification(id, false, replaced);
    const QJsonObject params{{QStringLiteral("id"), id},
                             {QStringLiteral("stream"), QStringLiteral("stdout")},
                             {QStringLiteral("data"), k8::agent::decodeUtf8Piece(printed)}};
    FUZZ_ASSERT(line == k8::agent::rpcNotification(QStringLiteral("run.output"), params), printed.toHex());
    FUZZ_ASSERT(line.endsWith('\n') && line.count('\n') == 1, line);
    QJsonParseError error;
    QJsonDocument::fromJson(line, &error);
    FUZZ_ASSERT(error.error == QJsonParseError::NoError, error.errorString());

    const qsizetype whole = k8::agent::wholeUtf8Length(printed);
    FUZZ_ASSERT(k8::agent::replaceInvalidUtf8(QByteArrayView(printed).first(whole)) +
                        k8::agent::replaceInvalidUtf8(QByteArrayView(printed).sliced(whole)) ==
                    replaced,
                printed.toHex());
    return 0;
}
