// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace k8::app {

// One line of a line diff.
struct DiffLine
{
    enum Kind
    {
        Same,
        Added,
        Removed
    };
    Kind kind = Same;
    QString text;
    int oldLine = 0; // 1-based line in the original; 0 for Added
    int newLine = 0; // 1-based line in the edited text; 0 for Removed

    bool operator==(const DiffLine&) const = default;
};

// A line diff of the original code against the person's edit (Myers' O(ND) algorithm).
//
// Why our own and not a library: docs/design.md prefers a well-kept library, and Debian has dtl
// (libdtl-dev), but every dependency must also install from Homebrew, which has no dtl formula.
// A review diff is small (a person's edits to one snippet), so ~100 lines of Myers after
// trimming the common head and tail is enough; past MaxEditDistance edits the middle is shown as
// removed-then-added rather than spend unbounded time and memory.
class LineDiff
{
public:
    static constexpr int MaxEditDistance = 2000;

    static QList<DiffLine> compute(const QStringList& original, const QStringList& edited);
    static QList<DiffLine> compute(const QString& original, const QString& edited);
    // Splits on \n, dropping one trailing empty line so "a\n" and "a" are both one line.
    static QStringList splitLines(const QString& text);
    static int count(const QList<DiffLine>& lines, DiffLine::Kind kind);
};

} // namespace k8::app
