// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/HiddenText.h"

#include "kosa8/CodingDeclaration.h"

#include <QChar>

#include <algorithm>
#include <numeric>

namespace k8::agent {

namespace {

struct NamedCharacter
{
    char32_t codePoint;
    const char* label;
};

// Names as in Unicode's own abbreviations (UAX #9 for the bidi controls, the C0/C1 tables), so that
// a reviewer can look them up.
constexpr NamedCharacter NamedCharacters[] = {
    {0x00, "NUL"},     {0x01, "SOH"},     {0x02, "STX"},     {0x03, "ETX"},    {0x04, "EOT"},
    {0x05, "ENQ"},     {0x06, "ACK"},     {0x07, "BEL"},     {0x08, "BS"},     {0x0A, "LF"},
    {0x0B, "VT"},      {0x0C, "FF"},      {0x0D, "CR"},      {0x0E, "SO"},     {0x0F, "SI"},
    {0x10, "DLE"},     {0x11, "DC1"},     {0x12, "DC2"},     {0x13, "DC3"},    {0x14, "DC4"},
    {0x15, "NAK"},     {0x16, "SYN"},     {0x17, "ETB"},     {0x18, "CAN"},    {0x19, "EM"},
    {0x1A, "SUB"},     {0x1B, "ESC"},     {0x1C, "FS"},      {0x1D, "GS"},     {0x1E, "RS"},
    {0x1F, "US"},      {0x7F, "DEL"},     {0x85, "NEL"},     {0xA0, "NBSP"},   {0xAD, "SHY"},
    {0x34F, "CGJ"},    {0x61C, "ALM"},    {0x115F, "HF"},    {0x1160, "HF"},   {0x1680, "OGSP"},
    {0x180E, "MVS"},   {0x2000, "NQSP"},  {0x2001, "MQSP"},  {0x2002, "ENSP"}, {0x2003, "EMSP"},
    {0x2004, "3/MSP"}, {0x2005, "4/MSP"}, {0x2006, "6/MSP"}, {0x2007, "FSP"},  {0x2008, "PSP"},
    {0x2009, "THSP"},  {0x200A, "HSP"},   {0x200B, "ZWSP"},  {0x200C, "ZWNJ"}, {0x200D, "ZWJ"},
    {0x200E, "LRM"},   {0x200F, "RLM"},   {0x2028, "LS"},    {0x2029, "PS"},   {0x202A, "LRE"},
    {0x202B, "RLE"},   {0x202C, "PDF"},   {0x202D, "LRO"},   {0x202E, "RLO"},  {0x202F, "NNBSP"},
    {0x205F, "MMSP"},  {0x2060, "WJ"},    {0x2061, "FA"},    {0x2062, "IT"},   {0x2063, "IS"},
    {0x2064, "IP"},    {0x2066, "LRI"},   {0x2067, "RLI"},   {0x2068, "FSI"},  {0x2069, "PDI"},
    {0x2800, "BRL"},   {0x3000, "IDSP"},  {0x3164, "HF"},    {0xFEFF, "BOM"},  {0xFFA0, "HF"},
    {0xFFFC, "OBJ"},
};

bool isSurrogate(char32_t c)
{
    return c >= 0xD800 && c <= 0xDFFF;
}

bool isNoncharacter(char32_t c)
{
    return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

bool isBidiControl(char32_t c)
{
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F ||
           c == 0x061C;
}

// Characters that draw nothing (or a blank) though they are neither spaces nor format characters
// to every font: variation selectors, tags, the Hangul fillers that make "invisible" identifiers
// in JavaScript, the Braille blank, the combining grapheme joiner, Mongolian selectors, Khmer
// inherent vowels, and the code points Unicode reserves as default-ignorable (renderers draw
// nothing for them even before they are assigned: U+E0000..U+E0FFF, U+FFF0..U+FFF8).
bool isBlankDrawing(char32_t c)
{
    return (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0000 && c <= 0xE0FFF) || (c >= 0xFFF0 && c <= 0xFFF8) ||
           c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F) || c == 0x115F || c == 0x1160 ||
           c == 0x3164 || c == 0xFFA0 || c == 0x2800 || c == 0x034F || c == 0x00AD || c == 0xFFFC ||
           c == 0x2065;
}

// Letters (and digits) outside ASCII that pass for ASCII ones in a code font. Not complete (that is
// Unicode's confusables.txt, thousands of entries), but it holds the ones used in practice:
// Cyrillic and Greek look-alikes, fullwidth forms, mathematical alphanumerics, a few Latin ones.
bool isAsciiLookAlike(char32_t c)
{
    static constexpr char16_t Singles[] = {
        // Cyrillic lower and upper case
        0x0430, 0x0435, 0x043E, 0x0440, 0x0441, 0x0443, 0x0445, 0x0455, 0x0456, 0x0458, 0x0501, 0x051B,
        0x051D, 0x04BB, 0x04CF, 0x04AF, 0x0410, 0x0412, 0x0415, 0x041A, 0x041C, 0x041D, 0x041E, 0x0420,
        0x0421, 0x0422, 0x0425, 0x0423, 0x0405, 0x0406, 0x0408, 0x04AE, 0x051A, 0x051C, 0x04C0,
        // Greek
        0x03BF, 0x03B1, 0x03BD, 0x03C1, 0x03B9, 0x03BA, 0x03C5, 0x0391, 0x0392, 0x0395, 0x0396, 0x0397,
        0x0399, 0x039A, 0x039C, 0x039D, 0x039F, 0x03A1, 0x03A4, 0x03A5, 0x03A7, 0x03F2, 0x03F3,
        // Latin and letterlike
        0x0131, 0x0237, 0x0251, 0x0261, 0x01C0, 0x212A, 0x212B, 0x2113, 0x0269, 0x026A,
        // Armenian
        0x0585, 0x057D, 0x0578, 0x0570};
    if (c >= 0xFF10 && c <= 0xFF5A) // fullwidth digits and letters
        return true;
    if (c >= 0x1D400 && c <= 0x1D7FF) // mathematical alphanumerics
        return true;
    if (c > 0xFFFF)
        return false;
    return std::find(std::begin(Singles), std::end(Singles), char16_t(c)) != std::end(Singles);
}

// Letters of right-to-left scripts (bidi classes R and AL). The bidi controls are found as such.
bool isRightToLeft(char32_t c)
{
    if (c < 0x0590 || isSurrogate(c) || c > 0x10FFFF)
        return false;
    const QChar::Direction direction = QChar::direction(c);
    return direction == QChar::DirR || direction == QChar::DirAL;
}

bool isAsciiWordCharacter(char32_t c)
{
    return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Non-ASCII characters that can continue a word the way a language's identifiers do (UAX #31,
// loosely): letters, marks (a combining accent on an ASCII letter makes a look-alike), digits,
// letter numbers, connector punctuation.
bool isNonAsciiWordCharacter(char32_t c)
{
    if (c < 0x80 || isSurrogate(c) || c > 0x10FFFF)
        return false;
    switch (QChar::category(c)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
    case QChar::Mark_Enclosing:
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Punctuation_Connector:
        return true;
    default:
        return false;
    }
}

// The scan, one pass. Lines, words and the long-line tail are tracked as it goes.
class Scanner
{
public:
    Scanner(const QString& text, int longLineLimit, HiddenText::Report& report)
        : m_text(text)
        , m_limit(qMax(1, longLineLimit))
        , m_report(report)
        // Where lines start is kept only for text that can hold a declaration: for a request of
        // millions of lines the list alone would cost eight bytes a line (issue 24, finding 2).
        , m_keepLineStarts(text.contains(QLatin1String("coding"), Qt::CaseInsensitive))
    {
        m_report.longLineLimit = m_limit;
    }

    void run()
    {
        const qsizetype size = m_text.size();
        qsizetype i = 0;
        while (i < size) {
            char32_t c = m_text.at(i).unicode();
            int width = 1;
            if (QChar::isHighSurrogate(c) && i + 1 < size &&
                QChar::isLowSurrogate(m_text.at(i + 1).unicode())) {
                c = QChar::surrogateToUcs4(m_text.at(i).unicode(), m_text.at(i + 1).unicode());
                width = 2;
            }

            if (c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029) {
                endWord(i);
                endRightToLeft(i);
                if (c == '\r' && i + 1 < size && m_text.at(i + 1) == QLatin1Char('\n')) {
                    add(HiddenText::CrLfLineEnd, i, 2, c);
                    width = 2;
                } else if (c == '\r') {
                    add(HiddenText::LoneCarriageReturn, i, 1, c);
                } else if (c != '\n') {
                    add(HiddenText::LineSeparator, i, 1, c);
                }
                endLine(i);
                i += width;
                m_lineStart = i;
                if (m_keepLineStarts)
                    m_lineStarts.append(i);
                ++m_line;
                continue;
            }

            if (m_lineCodePoints == m_limit)
                m_tailStart = i;
            ++m_lineCodePoints;

            if (isRightToLeft(c)) {
                if (m_rtlStart < 0)
                    m_rtlStart = i;
            } else if (QChar::category(c) != QChar::Mark_NonSpacing || c < 0x80) {
                endRightToLeft(i);
            }

            if (const auto kind = HiddenText::kindOf(c)) {
                add(*kind, i, width, c);
                // Joiners are part of a word in JavaScript identifiers; everything else ends it.
                if (c == 0x200C || c == 0x200D)
                    closeRun(i);
                else
                    endWord(i);
            } else if (isAsciiWordCharacter(c)) {
                m_wordHasAscii = true;
                closeRun(i);
            } else if (isNonAsciiWordCharacter(c)) {
                if (m_runStart < 0)
                    m_runStart = i;
                if (QChar::isLetter(c) && !isAsciiLookAlike(c))
                    m_wordOnlyLookAlikes = false;
            } else {
                endWord(i);
            }
            i += width;
        }
        endWord(size);
        endRightToLeft(size);
        endLine(size);
        addEncodingDeclarations();
        std::sort(m_report.findings.begin(), m_report.findings.end(),
                  [](const HiddenText::Finding& a, const HiddenText::Finding& b) {
                      return a.offset != b.offset ? a.offset < b.offset : a.kind < b.kind;
                  });
    }

private:
    void add(HiddenText::Kind kind, qsizetype offset, int length, char32_t codePoint, int lineLength = 0)
    {
        ++m_report.counts[kind];
        if (m_report.findings.size() >= HiddenText::MaxFindings) {
            m_report.truncated = true;
            return;
        }
        HiddenText::Finding finding;
        finding.kind = kind;
        finding.offset = offset;
        finding.line = m_line;
        finding.column = int(offset - m_lineStart);
        finding.length = length;
        finding.codePoint = codePoint;
        finding.lineLength = lineLength;
        m_report.findings.append(finding);
    }

    // Declarations are found on lines as Python splits them (a U+2028 does not end one there), and
    // placed on the lines this scan counts.
    void addEncodingDeclarations()
    {
        for (const auto& declaration : kosa8::CodingDeclaration::lookalikes(m_text)) {
            const auto next =
                std::upper_bound(m_lineStarts.cbegin(), m_lineStarts.cend(), declaration.offset);
            const qsizetype line = qMax<qsizetype>(0, next - m_lineStarts.cbegin() - 1);
            m_line = int(line);
            m_lineStart = m_lineStarts.at(line);
            add(HiddenText::EncodingDeclaration, declaration.offset, declaration.length, 0);
        }
    }

    // A run of non-ASCII word characters ends at an ASCII one (or at the end of the word).
    void closeRun(qsizetype end)
    {
        if (m_runStart >= 0)
            m_runs.append({m_runStart, end});
        m_runStart = -1;
    }

    void endWord(qsizetype end)
    {
        closeRun(end);
        // A word with ASCII and non-ASCII letters is a look-alike risk ("pаssword"); a word all in
        // another script is one only when every letter in it passes for ASCII ("раура"), so that
        // comments in Russian or Greek do not bury the real findings.
        if (!m_runs.isEmpty() && (m_wordHasAscii || m_wordOnlyLookAlikes)) {
            for (const auto& run : std::as_const(m_runs))
                add(HiddenText::NonAsciiInIdentifier, run.first, int(run.second - run.first), 0);
        }
        m_runs.clear();
        m_wordHasAscii = false;
        m_wordOnlyLookAlikes = true;
    }

    void endRightToLeft(qsizetype end)
    {
        if (m_rtlStart >= 0)
            add(HiddenText::RightToLeftText, m_rtlStart, int(end - m_rtlStart), 0);
        m_rtlStart = -1;
    }

    void endLine(qsizetype end)
    {
        m_report.longestLine = qMax(m_report.longestLine, m_lineCodePoints);
        if (m_lineCodePoints > m_limit)
            add(HiddenText::LongLine, m_tailStart, int(end - m_tailStart), 0, m_lineCodePoints);
        m_lineCodePoints = 0;
        m_tailStart = -1;
    }

    const QString& m_text;
    const int m_limit;
    HiddenText::Report& m_report;
    int m_line = 0;
    qsizetype m_lineStart = 0;
    int m_lineCodePoints = 0;
    qsizetype m_tailStart = -1;
    qsizetype m_runStart = -1;
    qsizetype m_rtlStart = -1;
    QList<std::pair<qsizetype, qsizetype>> m_runs;
    const bool m_keepLineStarts;
    QList<qsizetype> m_lineStarts{0};
    bool m_wordHasAscii = false;
    bool m_wordOnlyLookAlikes = true;
};

} // namespace

int HiddenText::Report::total() const
{
    return std::accumulate(counts.begin(), counts.end(), 0);
}

HiddenText::Report HiddenText::scan(const QString& text, int longLineLimit)
{
    Report report;
    Scanner(text, longLineLimit, report).run();
    return report;
}

bool HiddenText::canHideCode(Kind kind)
{
    switch (kind) {
    case BidiControl:
    case Invisible:
    case ControlCharacter:
    case LoneCarriageReturn:
    case LineSeparator:
    case EncodingDeclaration:
        return true;
    case CrLfLineEnd:
    case UnusualSpace:
    case NonAsciiInIdentifier:
    case RightToLeftText:
    case LongLine:
    case KindCount:
        break;
    }
    return false;
}

std::optional<HiddenText::Finding> HiddenText::firstHidingFinding(const Report& report)
{
    for (const Finding& finding : report.findings) {
        if (canHideCode(finding.kind))
            return finding;
    }
    // Past MaxFindings only the counts are exact: a kind counted but not kept still counts.
    for (int kind = 0; kind < KindCount; ++kind) {
        if (report.counts.at(kind) > 0 && canHideCode(Kind(kind))) {
            Finding finding;
            finding.kind = Kind(kind);
            return finding;
        }
    }
    return std::nullopt;
}

std::optional<HiddenText::Kind> HiddenText::kindOf(char32_t c)
{
    if (c == '\t' || c == '\n' || c == '\r')
        return std::nullopt;
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || isSurrogate(c) || c > 0x10FFFF ||
        isNoncharacter(c))
        return ControlCharacter;
    if (c < 0x80)
        return std::nullopt;
    if (isBidiControl(c))
        return BidiControl;
    if (c == 0x2028 || c == 0x2029)
        return LineSeparator;
    if (isBlankDrawing(c))
        return Invisible;
    switch (QChar::category(c)) {
    case QChar::Separator_Space:
        return UnusualSpace;
    case QChar::Other_Format:
        return Invisible;
    default:
        return std::nullopt;
    }
}

bool HiddenText::needsMarker(char32_t c)
{
    return c == '\r' || c == 0xFDD0 || c == 0xFDD1 || c == 0xFFFC || kindOf(c).has_value();
}

QString HiddenText::revealedInline(const QString& text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t c = text.at(i).unicode();
        qsizetype width = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            width = 2;
        }
        if (needsMarker(c))
            out += QStringLiteral("\u27E6") + markerLabel(c) + QStringLiteral("\u27E7");
        else
            out += text.mid(i, width);
        i += width - 1;
    }
    return out;
}

QString HiddenText::markerLabel(char32_t c)
{
    for (const NamedCharacter& named : NamedCharacters) {
        if (named.codePoint == c)
            return QString::fromLatin1(named.label);
    }
    if (c >= 0xFE00 && c <= 0xFE0F)
        return QStringLiteral("VS%1").arg(c - 0xFE00 + 1);
    if (c >= 0xE0100 && c <= 0xE01EF)
        return QStringLiteral("VS%1").arg(c - 0xE0100 + 17);
    // Tag characters spell ASCII invisibly ("ASCII smuggling"): show the letter they stand for.
    if (c >= 0xE0020 && c <= 0xE007E)
        return QStringLiteral("TAG %1").arg(QChar(char16_t(c - 0xE0000)));
    if (c == 0xE0020)
        return QStringLiteral("TAG SP");
    return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
}

bool HiddenText::looksLikeAscii(char32_t codePoint)
{
    return isAsciiLookAlike(codePoint);
}

} // namespace k8::agent
