// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace k8::kosa8 {

// Source-encoding declarations (PEP 263: "# coding: NAME", "# -*- coding: NAME -*-",
// "# vim: set fileencoding=NAME :"). Python honours one on line 1 or 2 when it reads a program
// from a file or from standard input (not for "-c", and not when it compiles a str): the bytes
// are then decoded with that codec, so with "unicode_escape" the two characters "\n" inside a
// comment become a line break and what follows runs, and "utf-7" does the same with "+AAo-".
// What a person reads in the review is the UTF-8 text; a declaration of any other encoding
// makes Python read something else. The run path (InterpreterLoader, CommandProfile) and the
// review (agent::HiddenText) take their rules from here.
class CodingDeclaration
{
public:
    struct Match
    {
        int line = 0;         // 0-based; lines end at "\n", "\r\n" or a lone "\r" (as Python reads them)
        qsizetype offset = 0; // of "coding" in the whole text (UTF-16 code units)
        int length = 0;       // from "coding" to the end of the encoding's name
        QString name;         // the encoding as written ("utf-7", "unicode_escape")
        bool operator==(const Match&) const = default;
    };

    // The declaration Python would honour when it reads `code` from a file or standard input, when
    // it names anything but UTF-8: on line 1 or line 2, after a byte order mark or not. Stricter
    // than Python (which reads line 2 only after a comment or blank line 1, and refuses a BOM
    // followed by another encoding): any such declaration on either line counts.
    static std::optional<Match> honoured(QStringView code);

    // Every place in `text` that looks like a declaration of an encoding other than UTF-8, on any
    // line and anywhere in it after a '#' (a tool may write the text into a file that Python reads
    // later, and a JSON string shows its line breaks as "\n"). For the review: it warns about
    // more than Python honours, never less.
    static QList<Match> lookalikes(QStringView text);

    // Whether Python reads the encoding `name` as UTF-8 ("utf-8", "UTF8", "utf_8", "u8", "utf",
    // "cp65001", "utf-8-sig" and every "utf-8-..." form, which Python's tokenizer takes for UTF-8).
    static bool namesUtf8(QStringView name);
};

} // namespace k8::kosa8
