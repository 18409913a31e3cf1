// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

#include <array>
#include <optional>

namespace k8::agent {

// Finds in a text everything that can hide code from a person who reads it: characters that draw
// nothing or reorder what is drawn (Trojan Source, CVE-2021-42574), control characters, line ends
// that some interpreters honour and others do not, spaces that are not spaces, letters that look
// like ASCII letters but are not (homoglyphs, CVE-2021-42694), lines so long that their tail
// is out of sight, and source-encoding declarations that make Python read other code than shown. The review
// shows the counts before the Approve button and the editor draws each of them as a visible marker; both take
// their rules from here so that they cannot disagree.
//
// Positions are in UTF-16 code units (QString indices), 0-based. A line ends at "\n", "\r\n", a
// lone "\r", U+2028 or U+2029: the editor breaks the line at each of them, because one of the
// interpreters the code may be given to does (a lone CR ends a line for Python, U+2028 for
// JavaScript) and showing a break too many is safer than hiding one.
class HiddenText
{
public:
    enum Kind
    {
        BidiControl,          // U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C
        Invisible,            // zero-width, other format (Cf) characters, variation selectors, tags,
                              // fillers that draw as blanks, U+FFFC
        ControlCharacter,     // C0 but tab, LF, CR; DEL; C1; lone surrogates; noncharacters
        CrLfLineEnd,          // "\r\n"
        LoneCarriageReturn,   // "\r" with no "\n" after it
        LineSeparator,        // U+2028, U+2029
        UnusualSpace,         // spaces (Zs) other than U+0020: U+00A0, U+2000..U+200A, U+3000...
        NonAsciiInIdentifier, // a run of non-ASCII letters inside an identifier-like word
        RightToLeftText,      // a run of right-to-left letters (Hebrew, Arabic...): with no control
                              // at all they reorder the neutral characters and numbers next to them
        LongLine,             // a line longer than the limit: the finding covers the tail
        EncodingDeclaration,  // "# coding: utf-7" and the like, naming anything but UTF-8, on any
                              // line (kosa8::CodingDeclaration::lookalikes): Python that reads
                              // the code from a file decodes it with that codec, not as shown
        KindCount
    };

    struct Finding
    {
        Kind kind = Invisible;
        qsizetype offset = 0; // in the whole text
        int line = 0;
        int column = 0;         // from the start of its line
        int length = 0;         // a surrogate pair is 2; "\r\n" is 2; a long line: its tail past the limit
        char32_t codePoint = 0; // the character of a one-character finding, else 0
        int lineLength = 0;     // LongLine only: the line's length in code points

        bool operator==(const Finding&) const = default;
    };

    struct Report
    {
        // In text order. At most MaxFindings are kept (a hostile text of megabytes of NULs must not
        // cost gigabytes here); the counts stay exact.
        QList<Finding> findings;
        std::array<int, KindCount> counts{};
        bool truncated = false;
        int longLineLimit = DefaultLongLineLimit;
        int longestLine = 0; // code points, over all lines

        int count(Kind kind) const { return counts.at(kind); }
        int total() const;
        bool isEmpty() const { return total() == 0; }
        bool operator==(const Report&) const = default;
    };

    static constexpr int DefaultLongLineLimit = 200;
    static constexpr int MaxFindings = 10000;

    static Report scan(const QString& text, int longLineLimit = DefaultLongLineLimit);

    // The kinds that can hide code from a person who reads it, or make an interpreter read other
    // code than the one shown: bidi controls, invisible and control characters, lone CRs, line
    // separators and encoding declarations. An action whose text holds one is never approved by a
    // standing rule (Rules.cpp); a person decides, with the warning in view. Windows line ends,
    // unusual spaces, look-alike letters, right-to-left text and long lines warn only.
    static bool canHideCode(Kind kind);
    // The first finding of such a kind in `report`, if any.
    static std::optional<Finding> firstHidingFinding(const Report& report);

    // The kind of a character that is suspect on its own (so not CR, which depends on what follows,
    // and not letters, which depend on the word). Tab and LF are ordinary.
    static std::optional<Kind> kindOf(char32_t codePoint);
    // Whether an editor must not hand this character to its text layout as it is, because the
    // layout would draw nothing, reorder the line, break the line or rewrite the character: every
    // character kindOf() names, plus CR, U+FDD0/U+FDD1 (Qt's frame marks) and U+FFFC.
    static bool needsMarker(char32_t codePoint);
    // A short visible name for a marker: "RLO", "ZWSP", "NUL", "NBSP", "TAG a", "VS16", "U+E0001".
    static QString markerLabel(char32_t codePoint);
    // Agent text shown as prose or in a list (titles, questions, agent and tool names): every
    // character needsMarker() names written as its bracketed name ("⟦RLO⟧"), so that a bidi
    // control cannot reorder what a reviewer reads and nothing invisible stays invisible. Line
    // feeds and tabs stay as they are.
    static QString revealedInline(const QString& text);
    // True for a letter outside ASCII that is commonly mistaken for an ASCII one (Cyrillic 'а',
    // Greek 'ο', fullwidth and mathematical letters...).
    static bool looksLikeAscii(char32_t codePoint);
};

} // namespace k8::agent
