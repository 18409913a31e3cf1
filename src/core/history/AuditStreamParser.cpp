// SPDX-License-Identifier: Apache-2.0
#include "history/AuditStreamParser.h"

#include "history/TimeText.h"
#include "kosa8/Names.h"

#include <QJsonDocument>

#include <cstring>

namespace k8::history {

namespace {

constexpr qsizetype MaxProblemText = 300;
// A JSON object longer than this (an unterminated string swallowing the rest) is given up on.
constexpr qsizetype MaxObjectBytes = 4 * 1024 * 1024;

bool isBlank(QByteArrayView text)
{
    for (const char c : text) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v')
            return false;
    }
    return true;
}

QByteArrayView trimmed(QByteArrayView text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && (text.at(begin) == ' ' || text.at(begin) == '\t'))
        ++begin;
    while (end > begin && (text.at(end - 1) == ' ' || text.at(end - 1) == '\t'))
        --end;
    return text.sliced(begin, end - begin);
}

struct Cell
{
    qsizetype start = 0;
    qsizetype end = 0;
};

// Runs of text separated by two or more spaces (or a tab); one space stays inside a cell.
void cellsOf(QByteArrayView line, QList<Cell>& cells)
{
    cells.clear();
    qsizetype i = 0;
    const qsizetype n = line.size();
    while (i < n) {
        while (i < n && (line.at(i) == ' ' || line.at(i) == '\t'))
            ++i;
        if (i >= n)
            break;
        Cell cell;
        cell.start = i;
        while (i < n) {
            const char c = line.at(i);
            if (c == '\t')
                break;
            if (c == ' ' && (i + 1 >= n || line.at(i + 1) == ' ' || line.at(i + 1) == '\t'))
                break;
            ++i;
        }
        cell.end = i;
        cells.append(cell);
    }
}

QList<Cell> cellsOf(QByteArrayView line)
{
    QList<Cell> cells;
    cellsOf(line, cells);
    return cells;
}

bool isHeaderCell(QByteArrayView text)
{
    if (text.isEmpty() || text.at(0) < 'A' || text.at(0) > 'Z')
        return false;
    for (const char c : text) {
        const bool ok = (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
                        c == '/' || c == '(' || c == ')' || c == '#' || c == '%' || c == '-' || c == ' ';
        if (!ok)
            return false;
    }
    return true;
}

// The known columns, by their lower-case key.
enum class Known
{
    Seq,
    Time,
    Actor,
    Action,
    Sandbox,
    Detail,
    Hash,
    Other
};

Known knownOf(QByteArrayView key)
{
    if (key == "seq")
        return Known::Seq;
    if (key == "time")
        return Known::Time;
    if (key == "actor")
        return Known::Actor;
    if (key == "action")
        return Known::Action;
    if (key == "sandbox")
        return Known::Sandbox;
    if (key == "detail")
        return Known::Detail;
    if (key == "hash")
        return Known::Hash;
    return Known::Other;
}

bool parseSeq(QByteArrayView text, qint64* seq)
{
    if (text.isEmpty() || text.size() > 18)
        return false;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
        value = value * 10 + (c - '0');
    }
    *seq = value;
    return true;
}

void appendUtf8(QByteArray* out, char32_t code)
{
    if (code < 0x80) {
        out->append(char(code));
    } else if (code < 0x800) {
        out->append(char(0xC0 | (code >> 6)));
        out->append(char(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
        out->append(char(0xE0 | (code >> 12)));
        out->append(char(0x80 | ((code >> 6) & 0x3F)));
        out->append(char(0x80 | (code & 0x3F)));
    } else {
        out->append(char(0xF0 | (code >> 18)));
        out->append(char(0x80 | ((code >> 12) & 0x3F)));
        out->append(char(0x80 | ((code >> 6) & 0x3F)));
        out->append(char(0x80 | (code & 0x3F)));
    }
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// A small reader for one flat JSON object: string keys; string, number, true/false/null values;
// a nested object or array is kept as its JSON text. Fails on anything that is not JSON.
class FlatJson
{
public:
    explicit FlatJson(QByteArrayView text)
        : m_text(text)
    {}

    // Fills keys[0..*count) and values[0..*count). The lists are the caller's and kept from object
    // to object: their byte arrays are emptied and refilled, so a row costs no allocation once
    // they have grown.
    bool read(QList<QByteArray>* keys, QList<QByteArray>* values, qsizetype* count, QString* error)
    {
        *count = 0;
        space();
        if (!take('{'))
            return fail(error, "expected an object");
        space();
        if (take('}'))
            return end(error);
        while (true) {
            space();
            if (*count == keys->size()) {
                keys->append(QByteArray());
                values->append(QByteArray());
            }
            QByteArray& key = (*keys)[*count];
            QByteArray& value = (*values)[*count];
            key.resize(0);
            value.resize(0);
            if (!string(&key))
                return fail(error, "expected a string key");
            space();
            if (!take(':'))
                return fail(error, "expected ':'");
            space();
            if (!valueOf(&value))
                return fail(error, "invalid value");
            for (char& c : key) {
                if (c >= 'A' && c <= 'Z')
                    c = char(c + 32);
            }
            ++*count;
            space();
            if (take(','))
                continue;
            if (take('}'))
                return end(error);
            return fail(error, "expected ',' or '}'");
        }
    }

private:
    bool end(QString* error)
    {
        space();
        return m_at == m_text.size() || fail(error, "text after the object");
    }
    bool fail(QString* error, const char* what)
    {
        *error = QString::fromLatin1(what);
        return false;
    }
    void space()
    {
        while (m_at < m_text.size() && (m_text.at(m_at) == ' ' || m_text.at(m_at) == '\t' ||
                                        m_text.at(m_at) == '\n' || m_text.at(m_at) == '\r'))
            ++m_at;
    }
    bool take(char c)
    {
        if (m_at < m_text.size() && m_text.at(m_at) == c) {
            ++m_at;
            return true;
        }
        return false;
    }
    bool hex4(char32_t* code)
    {
        if (m_at + 4 > m_text.size())
            return false;
        char32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(m_text.at(m_at + i));
            if (h < 0)
                return false;
            v = v * 16 + char32_t(h);
        }
        m_at += 4;
        *code = v;
        return true;
    }
    bool string(QByteArray* out)
    {
        if (!take('"'))
            return false;
        while (m_at < m_text.size()) {
            // Copy the run up to the next quote or backslash at once.
            qsizetype run = m_at;
            while (run < m_text.size() && m_text.at(run) != '"' && m_text.at(run) != '\\') {
                if (static_cast<unsigned char>(m_text.at(run)) < 0x20)
                    return false;
                ++run;
            }
            out->append(m_text.data() + m_at, run - m_at);
            m_at = run;
            if (m_at >= m_text.size())
                return false;
            if (m_text.at(m_at) == '"') {
                ++m_at;
                return true;
            }
            ++m_at; // backslash
            if (m_at >= m_text.size())
                return false;
            const char e = m_text.at(m_at++);
            switch (e) {
            case '"':
                out->append('"');
                break;
            case '\\':
                out->append('\\');
                break;
            case '/':
                out->append('/');
                break;
            case 'b':
                out->append('\b');
                break;
            case 'f':
                out->append('\f');
                break;
            case 'n':
                out->append('\n');
                break;
            case 'r':
                out->append('\r');
                break;
            case 't':
                out->append('\t');
                break;
            case 'u': {
                char32_t code = 0;
                if (!hex4(&code))
                    return false;
                if (code >= 0xD800 && code < 0xDC00 && m_at + 6 <= m_text.size() && m_text.at(m_at) == '\\' &&
                    m_text.at(m_at + 1) == 'u') {
                    const qsizetype save = m_at;
                    m_at += 2;
                    char32_t low = 0;
                    if (hex4(&low) && low >= 0xDC00 && low < 0xE000)
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    else
                        m_at = save;
                }
                if (code >= 0xD800 && code < 0xE000)
                    code = 0xFFFD; // a lone surrogate has no UTF-8 form
                appendUtf8(out, code);
                break;
            }
            default:
                return false;
            }
        }
        return false;
    }
    bool valueOf(QByteArray* out)
    {
        if (m_at >= m_text.size())
            return false;
        const char c = m_text.at(m_at);
        if (c == '"')
            return string(out);
        if (c == '{' || c == '[') {
            // Nested: find its end, validate with QJsonDocument, keep its compact text.
            const qsizetype start = m_at;
            int depth = 0;
            bool inString = false;
            bool escape = false;
            for (; m_at < m_text.size(); ++m_at) {
                const char d = m_text.at(m_at);
                if (inString) {
                    if (escape)
                        escape = false;
                    else if (d == '\\')
                        escape = true;
                    else if (d == '"')
                        inString = false;
                    continue;
                }
                if (d == '"')
                    inString = true;
                else if (d == '{' || d == '[')
                    ++depth;
                else if ((d == '}' || d == ']') && --depth == 0) {
                    ++m_at;
                    break;
                }
            }
            const QByteArray nested = m_text.sliced(start, m_at - start).toByteArray();
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(nested, &error);
            if (error.error != QJsonParseError::NoError)
                return false;
            *out = doc.toJson(QJsonDocument::Compact);
            return true;
        }
        const qsizetype start = m_at;
        while (m_at < m_text.size()) {
            const char d = m_text.at(m_at);
            if (d == ',' || d == '}' || d == ' ' || d == '\t' || d == '\n' || d == '\r')
                break;
            ++m_at;
        }
        const QByteArrayView word = m_text.sliced(start, m_at - start);
        if (word == "null") {
            out->resize(0);
            return true;
        }
        if (word == "true" || word == "false") {
            out->append(word.data(), word.size());
            return true;
        }
        if (word.isEmpty())
            return false;
        for (const char d : word) {
            if (!((d >= '0' && d <= '9') || d == '-' || d == '+' || d == '.' || d == 'e' || d == 'E'))
                return false;
        }
        out->append(word.data(), word.size());
        return true;
    }

    QByteArrayView m_text;
    qsizetype m_at = 0;
};

} // namespace

AuditStreamParser::AuditStreamParser(AuditStore* store)
    : m_store(store)
{}

QByteArray AuditStreamParser::stripAnsi(QByteArrayView line)
{
    QByteArray out;
    out.reserve(line.size());
    const qsizetype n = line.size();
    qsizetype i = 0;
    while (i < n) {
        const char c = line.at(i);
        if (c != '\x1B') {
            out.append(c);
            ++i;
            continue;
        }
        if (i + 1 >= n) {
            ++i;
            continue;
        }
        const char kind = line.at(i + 1);
        if (kind == '[') { // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E
            i += 2;
            while (i < n && line.at(i) >= 0x30 && line.at(i) <= 0x3F)
                ++i;
            while (i < n && line.at(i) >= 0x20 && line.at(i) <= 0x2F)
                ++i;
            if (i < n && line.at(i) >= 0x40 && line.at(i) <= 0x7E)
                ++i;
        } else if (kind == ']') { // OSC: up to BEL or ESC backslash
            i += 2;
            while (i < n && line.at(i) != '\x07' && line.at(i) != '\x1B')
                ++i;
            if (i < n && line.at(i) == '\x07')
                ++i;
            else if (i + 1 < n && line.at(i) == '\x1B' && line.at(i + 1) == '\\')
                i += 2;
        } else {
            i += 2; // a two-byte escape
        }
    }
    return out;
}

void AuditStreamParser::feed(QByteArrayView bytes)
{
    qsizetype from = 0;
    if (!m_pending.isEmpty()) {
        const qsizetype newline = bytes.indexOf('\n');
        if (newline < 0) {
            m_pending.append(bytes.data(), bytes.size());
            return;
        }
        m_pending.append(bytes.data(), newline);
        const QByteArray whole = std::move(m_pending);
        m_pending = QByteArray();
        line(whole);
        from = newline + 1;
    }
    const char* data = bytes.data();
    const qsizetype size = bytes.size();
    while (from < size) {
        const void* found = std::memchr(data + from, '\n', size_t(size - from));
        if (!found) {
            m_pending.append(data + from, size - from);
            return;
        }
        const qsizetype end = static_cast<const char*>(found) - data;
        line(QByteArrayView(data + from, end - from));
        from = end + 1;
    }
}

void AuditStreamParser::finish()
{
    if (!m_pending.isEmpty()) {
        const QByteArray last = std::move(m_pending);
        m_pending = QByteArray();
        line(last);
    }
    if (!m_object.isEmpty()) {
        problem(m_objectLine, m_object, tr("the output ended inside this JSON object"));
        m_object.clear();
        m_depth = 0;
        m_inString = false;
    }
}

void AuditStreamParser::problem(qint64 lineNumber, QByteArrayView text, const QString& reason)
{
    AuditProblem p;
    p.source = Source::Kosa8;
    p.lineNumber = lineNumber;
    QByteArrayView shown = text.size() > MaxProblemText ? text.first(MaxProblemText) : text;
    p.text = QString::fromUtf8(shown.data(), shown.size());
    if (text.size() > MaxProblemText)
        p.text += QStringLiteral("…");
    p.reason = reason;
    m_store->addProblem(p);
}

void AuditStreamParser::line(QByteArrayView raw)
{
    ++m_lineNumber;
    QByteArrayView text = raw;
    while (!text.isEmpty() && text.back() == '\r')
        text.chop(1);
    if (m_lineNumber == 1 && text.startsWith("\xEF\xBB\xBF"))
        text = text.sliced(3);
    QByteArray stripped;
    if (std::memchr(text.data(), '\x1B', size_t(text.size()))) {
        stripped = stripAnsi(text);
        text = stripped;
    }
    if (m_format == Format::Unknown) {
        if (isBlank(text))
            return;
        const QByteArrayView start = trimmed(text);
        if (start.startsWith('['))
            m_format = Format::JsonArray;
        else if (start.startsWith('{'))
            m_format = Format::JsonLines;
        else
            m_format = Format::Table;
    }
    if (m_format == Format::Table)
        tableLine(text);
    else
        jsonBytes(text);
}

void AuditStreamParser::tableLine(QByteArrayView text)
{
    if (isBlank(text))
        return;
    const QByteArrayView whole = trimmed(text);
    if (m_columns.isEmpty() || whole == m_headerText) {
        const QList<Cell> cells = cellsOf(text);
        bool header = !cells.isEmpty();
        for (const Cell& c : cells)
            header = header && isHeaderCell(text.sliced(c.start, c.end - c.start));
        if (!header) {
            problem(m_lineNumber, text,
                    tr("not JSON, and no table header (upper-case column names separated by two or more "
                       "spaces) before it"));
            return;
        }
        if (m_columns.isEmpty()) {
            for (const Cell& c : cells) {
                QByteArray key = text.sliced(c.start, c.end - c.start).toByteArray().toLower();
                key.replace(' ', '_');
                m_columns.append({c.start, key, int(knownOf(key))});
            }
            m_headerText = whole.toByteArray();
        }
        return; // a repeated header
    }

    static thread_local QList<Cell> cells;
    cellsOf(text, cells);
    QList<Field>& fields = m_fields;
    fields.resize(m_columns.size());
    for (qsizetype c = 0; c < m_columns.size(); ++c)
        fields[c] = {m_columns[c].key, {}, m_columns[c].known};
    // Place each cell under the column it starts in, joining cells that start in the same column
    // (two spaces inside a DETAIL) with the spaces between them; empty cells stay empty.
    constexpr qsizetype MaxColumns = 64;
    qsizetype first[MaxColumns];
    qsizetype last[MaxColumns];
    int count[MaxColumns];
    const qsizetype columns = qMin<qsizetype>(m_columns.size(), MaxColumns);
    for (qsizetype c = 0; c < columns; ++c) {
        first[c] = last[c] = -1;
        count[c] = 0;
    }
    bool oneEach = true;
    for (const Cell& cell : cells) {
        qsizetype column = 0;
        for (qsizetype c = 0; c < columns; ++c) {
            if (m_columns[c].start <= cell.start)
                column = c;
        }
        if (first[column] < 0)
            first[column] = cell.start;
        last[column] = cell.end;
        oneEach = oneEach && ++count[column] == 1;
    }
    if (!oneEach && cells.size() == m_columns.size()) {
        // As many cells as columns, but not under them: a table that is not aligned; by order.
        for (qsizetype c = 0; c < cells.size(); ++c)
            fields[c].value = text.sliced(cells[c].start, cells[c].end - cells[c].start);
    } else {
        for (qsizetype c = 0; c < columns; ++c) {
            if (first[c] >= 0)
                fields[c].value = text.sliced(first[c], last[c] - first[c]);
        }
    }
    m_recordLine = m_lineNumber;
    record(fields);
}

void AuditStreamParser::jsonBytes(QByteArrayView text)
{
    // Objects are collected byte by byte with the nesting depth and the string state; the bytes
    // between objects may only be blanks, ',', '[' and ']'.
    qsizetype objectStart = m_object.isEmpty() ? -1 : 0;
    m_strayText.clear();
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char c = text.at(i);
        if (m_depth == 0) {
            if (c == '{') {
                m_depth = 1;
                m_objectLine = m_lineNumber;
                objectStart = i;
                m_inString = false;
                m_escape = false;
                continue;
            }
            // Blanks as isBlank() has them (a line of form feeds before the first object is skipped
            // as blank, so it is after it too), and the array's punctuation.
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == ',' || c == '[' ||
                c == ']')
                continue;
            // Garbage: the rest of this line is reported as one problem.
            problem(m_lineNumber, text, tr("not a JSON object"));
            return;
        }
        if (m_inString) {
            if (m_escape)
                m_escape = false;
            else if (c == '\\')
                m_escape = true;
            else if (c == '"')
                m_inString = false;
            continue;
        }
        if (c == '"') {
            m_inString = true;
        } else if (c == '{' || c == '[') {
            ++m_depth;
        } else if (c == '}' || c == ']') {
            if (--m_depth == 0) {
                const qsizetype from = objectStart < 0 ? 0 : objectStart;
                if (m_object.isEmpty()) {
                    jsonObject(text.sliced(from, i + 1 - from));
                } else {
                    m_object.append(text.data() + from, i + 1 - from);
                    const QByteArray object = std::move(m_object);
                    m_object = QByteArray();
                    jsonObject(object);
                }
                objectStart = -1;
            }
        }
    }
    if (m_depth > 0) {
        const qsizetype from = objectStart < 0 ? 0 : objectStart;
        if (m_format == Format::JsonLines && m_object.isEmpty() && m_objectLine == m_lineNumber) {
            // One object a line: an object that does not end on its line is a broken line, not
            // the start of a pretty-printed one (unless nothing but the '{' is on the line).
            if (trimmed(text.sliced(from)) != "{") {
                problem(m_lineNumber, text, tr("the JSON object does not end on its line"));
                m_depth = 0;
                m_inString = false;
                return;
            }
        }
        m_object.append(text.data() + from, n - from);
        m_object.append('\n');
        if (m_object.size() > MaxObjectBytes) {
            problem(m_objectLine, m_object, tr("a JSON object longer than 4 MiB (is a quote missing?)"));
            m_object.clear();
            m_depth = 0;
            m_inString = false;
        }
    }
}

void AuditStreamParser::jsonObject(QByteArrayView object)
{
    QString error;
    FlatJson reader(object);
    m_recordLine = m_objectLine;
    qsizetype count = 0;
    if (!reader.read(&m_jsonKeys, &m_jsonValues, &count, &error)) {
        problem(m_objectLine, object, tr("invalid JSON: %1").arg(error));
        return;
    }
    QList<Field>& fields = m_fields;
    fields.clear();
    for (qsizetype i = 0; i < count; ++i)
        fields.append({m_jsonKeys[i], m_jsonValues[i], int(knownOf(m_jsonKeys[i]))});
    record(fields);
}

bool AuditStreamParser::validSandbox(QByteArrayView name)
{
    // A log names a handful of sandboxes on many rows: each is checked once.
    for (const QByteArray& known : std::as_const(m_validSandboxes)) {
        if (known == name)
            return true;
    }
    if (!kosa8::Names::checkSandbox(QString::fromUtf8(name)).isEmpty())
        return false;
    if (m_validSandboxes.size() < MaxValidSandboxesKept)
        m_validSandboxes.append(name.toByteArray());
    return true;
}

void AuditStreamParser::record(const QList<Field>& fields)
{
    AuditRowInput input;
    input.source = Source::Kosa8;
    input.line = qint32(qMin<qint64>(m_recordLine, INT32_MAX));
    QByteArray extra;
    QByteArrayView seqText;
    QByteArrayView hash;
    for (const Field& f : fields) {
        switch (Known(f.known)) {
        case Known::Seq:
            seqText = f.value;
            break;
        case Known::Time:
            input.text[int(TextField::TimeText)] = f.value;
            break;
        case Known::Actor:
            input.names[int(NameColumn::Actor)] = f.value;
            break;
        case Known::Action:
            input.names[int(NameColumn::Action)] = f.value;
            break;
        case Known::Sandbox:
            input.names[int(NameColumn::Sandbox)] = f.value;
            break;
        case Known::Detail:
            input.text[int(TextField::Detail)] = f.value;
            break;
        case Known::Hash:
            hash = f.value;
            break;
        case Known::Other:
            if (!f.value.isEmpty()) {
                extra.append(f.key.data(), f.key.size());
                extra.append('=');
                extra.append(f.value.data(), f.value.size());
                extra.append('\n');
            }
            break;
        }
    }
    // The line as read, for the problem report.
    auto shown = [&fields] {
        QByteArray text;
        for (const Field& f : fields) {
            if (!text.isEmpty())
                text.append(' ');
            text.append(f.key.data(), f.key.size());
            text.append('=');
            text.append(f.value.data(), f.value.size());
        }
        return text;
    };
    if (seqText.isEmpty()) {
        problem(m_recordLine, shown(), tr("the SEQ column is empty or missing"));
        return;
    }
    if (!parseSeq(seqText, &input.seq)) {
        problem(m_recordLine, shown(),
                tr("SEQ \"%1\" is not a whole number").arg(QString::fromUtf8(seqText)));
        return;
    }
    // The History page hands SANDBOX to the timeline, which passes it to kosa8 as an argument:
    // a name kosa8 could not have given (a flag, a path, bidi characters) makes the line unreadable,
    // as ListParser does for `sandbox ls`.
    const QByteArrayView sandbox = input.names[int(NameColumn::Sandbox)];
    if (!sandbox.isEmpty() && !validSandbox(sandbox)) {
        problem(m_recordLine, shown(),
                tr("SANDBOX \"%1\" is not a sandbox name")
                    .arg(QString::fromUtf8(sandbox.first(qMin<qsizetype>(sandbox.size(), 100)))));
        return;
    }
    const QByteArrayView timeText = input.text[int(TextField::TimeText)];
    if (!timeText.isEmpty() && !parseTimeMs(timeText, &input.timeMs)) {
        // A time in seconds since the epoch (JSON numbers) is read too.
        qint64 seconds = 0;
        if (parseSeq(timeText, &seconds))
            input.timeMs = seconds * 1000;
    }
    if (m_skipThroughSeq >= 0 && input.seq <= m_skipThroughSeq) {
        if (input.seq == m_skipThroughSeq && !m_expectedHashAtSkip.isEmpty() && hash != m_expectedHashAtSkip)
            m_rewritten = true;
        return;
    }
    input.text[int(TextField::Hash)] = hash;
    input.text[int(TextField::Extra)] = extra;
    m_store->append(input);
    ++m_stored;
}

} // namespace k8::history
