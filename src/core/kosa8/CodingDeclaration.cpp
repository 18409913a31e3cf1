// SPDX-License-Identifier: Apache-2.0
#include "kosa8/CodingDeclaration.h"

#include <QRegularExpression>

#include <limits>

namespace k8::kosa8 {

namespace {

// Python's own pattern (PEP 263; the tokenizer reads the name as ASCII letters, digits, '-', '_'
// and '.'), anchored at the start of a line: what Python honours on line 1 or 2. Case-insensitive,
// which is more than Python matches (it wants "coding" in lower case) and never less.
const QRegularExpression& declarationPattern()
{
    static const QRegularExpression re(QStringLiteral("^[ \\t\\f]*#.*?(coding[:=][ \\t]*([-_.a-zA-Z0-9]+))"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

// Anywhere after a '#' on the line: what the review warns about.
const QRegularExpression& lookalikePattern()
{
    static const QRegularExpression re(QStringLiteral("coding[:=][ \\t]*([-_.a-zA-Z0-9]+)"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

struct Line
{
    qsizetype start = 0;
    qsizetype end = 0; // before its line end
};

// The lines of `text` as Python reads them (universal newlines), at most `limit` of them.
QList<Line> linesOf(QStringView text, int limit)
{
    QList<Line> lines;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size() && lines.size() < limit; ++i) {
        const QChar c = text.at(i);
        if (c != QLatin1Char('\n') && c != QLatin1Char('\r'))
            continue;
        lines.append({start, i});
        if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n'))
            ++i;
        start = i + 1;
    }
    if (lines.size() < limit && start <= text.size())
        lines.append({start, text.size()});
    return lines;
}

} // namespace

bool CodingDeclaration::namesUtf8(QStringView name)
{
    QString normal = name.toString().toLower();
    normal.replace(QLatin1Char('_'), QLatin1Char('-'));
    // Python's tokenizer maps "utf-8" and every "utf-8-..." to UTF-8 before it asks the codecs;
    // the codecs' own aliases of UTF-8 come after (Lib/encodings/aliases.py).
    if (normal == QLatin1String("utf-8") || normal.startsWith(QLatin1String("utf-8-")))
        return true;
    static const char* const Aliases[] = {"utf8", "u8", "utf", "cp65001", "utf8-ucs2", "utf8-ucs4"};
    for (const char* alias : Aliases) {
        if (normal == QLatin1String(alias))
            return true;
    }
    return false;
}

std::optional<CodingDeclaration::Match> CodingDeclaration::honoured(QStringView code)
{
    // A byte order mark does not hide a declaration after it.
    const qsizetype bom = code.startsWith(QChar(0xFEFF)) ? 1 : 0;
    const QList<Line> lines = linesOf(code.mid(bom), 2);
    for (int index = 0; index < lines.size(); ++index) {
        const Line& line = lines.at(index);
        const QString text = code.mid(bom + line.start, line.end - line.start).toString();
        const QRegularExpressionMatch found = declarationPattern().match(text);
        if (!found.hasMatch() || namesUtf8(found.capturedView(2)))
            continue;
        Match match;
        match.line = index;
        match.offset = bom + line.start + found.capturedStart(1);
        match.length = int(found.capturedLength(1));
        match.name = found.captured(2);
        return match;
    }
    return std::nullopt;
}

QList<CodingDeclaration::Match> CodingDeclaration::lookalikes(QStringView text)
{
    QList<Match> matches;
    // Cheap for the usual code, which never says "coding".
    if (!text.contains(QLatin1String("coding"), Qt::CaseInsensitive))
        return matches;
    const QList<Line> lines = linesOf(text, std::numeric_limits<int>::max());
    for (int index = 0; index < lines.size(); ++index) {
        const Line& line = lines.at(index);
        const QString lineText = text.mid(line.start, line.end - line.start).toString();
        const qsizetype hash = lineText.indexOf(QLatin1Char('#'));
        if (hash < 0)
            continue;
        auto it = lookalikePattern().globalMatch(lineText, hash);
        while (it.hasNext()) {
            const QRegularExpressionMatch found = it.next();
            if (namesUtf8(found.capturedView(1)))
                continue;
            Match match;
            match.line = index;
            match.offset = line.start + found.capturedStart(0);
            match.length = int(found.capturedLength(0));
            match.name = found.captured(1);
            matches.append(match);
        }
    }
    return matches;
}

} // namespace k8::kosa8
