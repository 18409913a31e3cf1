#pragma once

#include <QByteArray>
#include <QString>

namespace k8::agent {

// Lower-case hex SHA-256 of bytes (same as sha256Hex in PayloadShapes.h).
QString sha256OfBytes(const QByteArray& bytes);
// True for exactly 64 hex digits (either case).
bool isSha256Hex(const QString& text);

} // namespace k8::agent
