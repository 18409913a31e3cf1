// SPDX-License-Identifier: Apache-2.0
#pragma once

class QPlainTextEdit;

namespace k8::app {

// Sets `edit`'s height to show all its lines as laid out (a wrapped line counts as the lines it
// takes), at least `fewest` and at most `most`; beyond `most` it scrolls. A text field sized to
// its text shows the end of a long command or of a short piece of code without a scroll bar and
// without empty lines below. Call it again when the text, the width or the font changes, or let
// keepHeightFittedToLines() do so.
void fitHeightToLines(QPlainTextEdit* edit, int fewest, int most);

// The lines `edit`'s text takes at its width now (a wrapped line counts as the lines it takes,
// folded blocks none), counted up to `most`. A plain-text layout lays blocks out only when they
// are painted, so until then its document size counts each block as one line: the blocks are laid
// out here as needed.
int linesLaidOut(const QPlainTextEdit* edit, int most);

// fitHeightToLines() now and each time the text is laid out to another number of lines (new
// text, or a new width wrapping it otherwise); in a dialog, the dialog grows with it
// (keepDialogHighEnough()).
void keepHeightFittedToLines(QPlainTextEdit* edit, int fewest, int most);

} // namespace k8::app
