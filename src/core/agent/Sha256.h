#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace k8::agent {

// Lower-case hex SHA-256 of bytes (same as sha256Hex in PayloadShapes.h).
QString sha256OfBytes(const QByteArray& bytes);
// The same as 64 ASCII bytes, for building lines without a round trip through QString.
QByteArray sha256HexBytes(QByteArrayView bytes);
// True for exactly 64 hex digits (either case).
bool isSha256Hex(const QString& text);

} // namespace k8::agent
