// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace k8::agent {

// Run output goes on in bounded pieces, so that output without line ends costs no more than
// output with them: no signal, notification or console append carries more than a piece.
constexpr qsizetype MaxOutputPieceBytes = 16 * 1024;

// The size of `text` in UTF-8, counted without converting it (a lone surrogate, which decoded
// output never holds, counts two bytes: more than the '?' QString::toUtf8() writes for it).
qsizetype utf8Size(QStringView text);

// Cuts `text` into pieces of at most maxUtf8Bytes bytes of UTF-8 each (at least one character
// per piece), never between the two halves of a surrogate pair. Joined, they give `text` back.
QStringList splitUtf8Pieces(const QString& text, qsizetype maxUtf8Bytes = MaxOutputPieceBytes);

} // namespace k8::agent
