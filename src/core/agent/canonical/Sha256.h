// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace k8::agent {

// The app's one SHA-256: payloads, code, actions, ledger entries and rules all hash through
// here, so every hash the app writes or compares is spelled the same way.

// Lower-case hex SHA-256 of bytes.
QString sha256Hex(QByteArrayView bytes);
// The same as 64 ASCII bytes, for building lines without a round trip through QString.
QByteArray sha256HexBytes(QByteArrayView bytes);
// Opens libcrypto and finds its SHA-256 now, if no hash did yet. The agent server has it done on
// its parser's thread when the first agent connects (AgentServer::acceptPending()): left to the
// first hash, it held the UI thread for a millisecond or two as the first request arrived.
void prepareSha256();
// True for exactly 64 hex digits (either case).
bool isSha256Hex(const QString& text);

} // namespace k8::agent
