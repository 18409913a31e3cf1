// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
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

// How much of `bytes` ends on a whole character: all of it, less an end of one to three bytes
// that begins a UTF-8 sequence the next bytes may complete. Bytes cut there decode alone exactly
// as they do in one piece, so output can be held as bytes and decoded only where it is shown.
qsizetype wholeUtf8Length(QByteArrayView bytes);

// `bytes` (whole characters) decoded as a piece in the middle of a stream: as QString::fromUtf8,
// but a U+FEFF at its start is kept (fromUtf8 drops it as a byte order mark). The stream's own
// start is RunExecutor's to look after (it drops the mark there, as a decoder of the whole would).
QString decodeUtf8Piece(QByteArrayView bytes);

// `bytes` (whole characters) as decodeUtf8Piece(bytes).toUtf8() gives them, without the trip
// through UTF-16: each well-formed sequence as it is, and each byte that starts none as U+FFFD
// (three bytes), as Qt's decoder replaces them. For output that is not UTF-8 on its way to the
// agent, the trip through UTF-16 and back was a third of the UI thread's work while it streamed.
QByteArray replaceInvalidUtf8(QByteArrayView bytes);

// The '\n' bytes in `bytes`, many at a time: a fast run prints 100 MB whose lines the console
// only counts (a search per line took ten times as long).
qsizetype countLineEnds(QByteArrayView bytes);

// Where the text after the `count`-th '\n' of `bytes` starts; -1 when it has fewer.
qsizetype afterLineEnds(QByteArrayView bytes, qsizetype count);

} // namespace k8::agent
