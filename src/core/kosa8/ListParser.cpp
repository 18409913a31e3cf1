// SPDX-License-Identifier: Apache-2.0
#include "kosa8/ListParser.h"

#include "kosa8/Names.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <functional>
#include <optional>

namespace k8::kosa8 {

namespace {

struct Line
{
    int number = 0; // 1-based
    QString text;   // ANSI stripped, line end removed
};

QList<Line> splitLines(const QByteArray& stdoutData)
{
    QByteArray bytes = stdoutData;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    const QString text = ListParser::stripAnsi(QString::fromUtf8(bytes));
    QList<Line> lines;
    int number = 0;
    for (QString line : text.split(QLatin1Char('\n'))) {
        ++number;
        while (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (number == 1 && line.startsWith(QChar(0xFEFF)))
            line.remove(0, 1);
        lines.append({number, line});
    }
    return lines;
}

bool isBlank(const QString& text)
{
    return text.trimmed().isEmpty();
}

// The lines of an output that are not blank, trimmed.
QStringList nonBlankLines(const QByteArray& output)
{
    QStringList lines;
    for (const Line& line : splitLines(output)) {
        if (!isBlank(line.text))
            lines.append(line.text.trimmed());
    }
    return lines;
}

QVariantMap lowerKeys(const QVariantMap& map)
{
    QVariantMap result;
    for (auto it = map.begin(); it != map.end(); ++it)
        result.insert(it.key().toLower(), it.value());
    return result;
}

// Cells: runs of text separated by two or more spaces (one space stays inside a cell).
struct Cell
{
    qsizetype start = 0;
    QString text;
};

QList<Cell> cellsOf(const QString& line)
{
    static const QRegularExpression cell(QStringLiteral("\\S+(?: \\S+)*"));
    QList<Cell> cells;
    QString spaced = line;
    spaced.replace(QLatin1Char('\t'), QLatin1Char(' '));
    auto it = cell.globalMatch(spaced);
    while (it.hasNext()) {
        const auto match = it.next();
        cells.append({match.capturedStart(), match.captured(0)});
    }
    return cells;
}

bool isHeader(const QList<Cell>& cells)
{
    static const QRegularExpression name(QStringLiteral("^[A-Z][A-Z0-9_./()#%-]*(?: [A-Z0-9_./()#%-]+)*\\z"));
    if (cells.isEmpty())
        return false;
    for (const Cell& c : cells) {
        if (!name.match(c.text).hasMatch())
            return false;
    }
    return true;
}

void parseTable(const QList<Line>& lines, ParsedList* out)
{
    out->format = ParsedList::Format::Table;
    qsizetype headerIndex = -1;
    QList<Cell> header;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (isBlank(lines[i].text))
            continue;
        const QList<Cell> cells = cellsOf(lines[i].text);
        if (isHeader(cells)) {
            headerIndex = i;
            header = cells;
            break;
        }
    }
    const QString noHeader =
        ListParser::tr("not JSON, and no table header (upper-case column names separated by two or more "
                       "spaces) before it");
    for (qsizetype i = 0; i < (headerIndex < 0 ? lines.size() : headerIndex); ++i) {
        if (!isBlank(lines[i].text))
            out->problems.append({lines[i].number, lines[i].text, noHeader});
    }
    if (headerIndex < 0)
        return;

    QStringList keys;
    for (const Cell& c : header)
        keys.append(c.text.toLower().replace(QLatin1Char(' '), QLatin1Char('_')));
    const QString headerText = lines[headerIndex].text.trimmed();

    for (qsizetype i = headerIndex + 1; i < lines.size(); ++i) {
        const Line& line = lines[i];
        if (isBlank(line.text) || line.text.trimmed() == headerText)
            continue;
        const QList<Cell> cells = cellsOf(line.text);
        QVariantMap record;
        for (const QString& key : keys)
            record.insert(key, QString());
        if (cells.size() > header.size()) {
            out->problems.append({line.number, line.text,
                                  ListParser::tr("%1 cells, but the header has %2 columns")
                                      .arg(cells.size())
                                      .arg(header.size())});
            continue;
        }
        if (cells.size() == header.size()) {
            for (qsizetype c = 0; c < cells.size(); ++c)
                record.insert(keys[c], cells[c].text);
        } else {
            // Some cells are empty: place each by where it starts under the header.
            QSet<qsizetype> taken;
            bool aligned = true;
            for (const Cell& cell : cells) {
                qsizetype column = 0;
                for (qsizetype c = 0; c < header.size(); ++c) {
                    if (header[c].start <= cell.start)
                        column = c;
                }
                if (taken.contains(column)) {
                    aligned = false;
                    break;
                }
                taken.insert(column);
                record.insert(keys[column], cell.text);
            }
            if (!aligned) {
                out->problems.append({line.number, line.text,
                                      ListParser::tr("the cells do not line up with the header's columns")});
                continue;
            }
        }
        out->records.append(record);
        out->recordLines.append(line.number);
    }
}

int lineOfOffset(const QByteArray& text, qsizetype offset, int firstLine)
{
    return firstLine + int(text.left(offset).count('\n'));
}

void addJsonObjects(const QJsonArray& array, int lineNumber, const QString& lineText, ParsedList* out)
{
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array.at(i).isObject()) {
            out->problems.append({lineNumber, lineText,
                                  ListParser::tr("element %1 of the JSON array is not an object").arg(i)});
            continue;
        }
        out->records.append(lowerKeys(array.at(i).toObject().toVariantMap()));
        out->recordLines.append(lineNumber);
    }
}

void parseJsonArray(const QList<Line>& lines, qsizetype first, ParsedList* out)
{
    out->format = ParsedList::Format::JsonArray;
    QStringList texts;
    for (qsizetype i = first; i < lines.size(); ++i)
        texts.append(lines[i].text);
    const QByteArray joined = texts.join(QLatin1Char('\n')).toUtf8();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(joined, &error);
    if (error.error != QJsonParseError::NoError) {
        const int number = lineOfOffset(joined, error.offset, lines[first].number);
        const qsizetype index = qBound<qsizetype>(0, qsizetype(number) - 1, lines.size() - 1);
        out->problems.append(
            {number, lines[index].text, ListParser::tr("invalid JSON: %1").arg(error.errorString())});
        return;
    }
    addJsonObjects(doc.array(), lines[first].number, lines[first].text, out);
}

void parseJsonLines(const QList<Line>& lines, qsizetype first, ParsedList* out)
{
    out->format = ParsedList::Format::JsonLines;
    // One object (perhaps pretty-printed over several lines, perhaps {"items": [...]}) is read
    // as a whole; anything else line by line.
    QStringList texts;
    for (qsizetype i = first; i < lines.size(); ++i)
        texts.append(lines[i].text);
    QJsonParseError wholeError;
    const QJsonDocument whole = QJsonDocument::fromJson(texts.join(QLatin1Char('\n')).toUtf8(), &wholeError);
    if (wholeError.error == QJsonParseError::NoError && whole.isObject()) {
        const QJsonObject object = whole.object();
        if (object.size() == 1 && object.begin().value().isArray()) {
            out->format = ParsedList::Format::JsonArray;
            addJsonObjects(object.begin().value().toArray(), lines[first].number, lines[first].text, out);
        } else {
            out->records.append(lowerKeys(object.toVariantMap()));
            out->recordLines.append(lines[first].number);
        }
        return;
    }
    for (qsizetype i = first; i < lines.size(); ++i) {
        const Line& line = lines[i];
        if (isBlank(line.text))
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line.text.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError) {
            out->problems.append(
                {line.number, line.text, ListParser::tr("invalid JSON: %1").arg(error.errorString())});
        } else if (!doc.isObject()) {
            out->problems.append(
                {line.number, line.text, ListParser::tr("a JSON value that is not an object")});
        } else {
            out->records.append(lowerKeys(doc.object().toVariantMap()));
            out->recordLines.append(line.number);
        }
    }
}

// --- typed readers ---------------------------------------------------------------------------

QString text(const QVariantMap& record, const char* key)
{
    const QVariant value = record.value(QString::fromLatin1(key));
    if (value.typeId() == QMetaType::QVariantList || value.typeId() == QMetaType::QStringList)
        return value.toStringList().join(QLatin1Char(','));
    if (value.typeId() == QMetaType::Bool)
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.typeId() == QMetaType::Double) {
        const double d = value.toDouble();
        if (d == double(qint64(d)))
            return QString::number(qint64(d));
    }
    return value.toString().trimmed();
}

QDateTime dateTime(const QVariantMap& record, const char* key)
{
    const QVariant value = record.value(QString::fromLatin1(key));
    if (value.typeId() == QMetaType::Double)
        return QDateTime::fromSecsSinceEpoch(qint64(value.toDouble()), Qt::UTC);
    const QString raw = value.toString().trimmed();
    if (raw.isEmpty())
        return {};
    QDateTime result = QDateTime::fromString(raw, Qt::ISODateWithMs);
    if (!result.isValid())
        result = QDateTime::fromString(raw, Qt::ISODate);
    if (!result.isValid())
        result = QDateTime::fromString(raw, Qt::RFC2822Date);
    return result;
}

QVariantMap extraOf(const QVariantMap& record, std::initializer_list<const char*> known)
{
    QVariantMap extra = record;
    for (const char* key : known)
        extra.remove(QString::fromLatin1(key));
    return extra;
}

template <typename T>
Parsed<T> readTyped(const ParsedList& list,
                    const std::function<std::optional<QString>(const QVariantMap&, T*)>& read)
{
    Parsed<T> result;
    result.problems = list.problems;
    for (qsizetype i = 0; i < list.records.size(); ++i) {
        T item;
        const std::optional<QString> problem = read(list.records[i], &item);
        if (problem) {
            const int number = i < list.recordLines.size() ? list.recordLines[i] : 0;
            QStringList cells;
            for (auto it = list.records[i].begin(); it != list.records[i].end(); ++it)
                cells.append(it.key() + QLatin1Char('=') + it.value().toString());
            result.problems.append({number, cells.join(QStringLiteral(" ")), *problem});
            continue;
        }
        result.items.append(item);
    }
    std::sort(result.problems.begin(), result.problems.end(),
              [](const ParseProblem& a, const ParseProblem& b) { return a.lineNumber < b.lineNumber; });
    return result;
}

// A status as kosa8 prints one: words of letters ("running", "upgrading now"), no digits or
// punctuation beyond '-' and '_', at most a few words.
bool isStatusWord(const QString& status)
{
    static const QRegularExpression word(
        QStringLiteral("^[A-Za-z][A-Za-z_-]*(?: [A-Za-z][A-Za-z_-]*){0,3}\\z"));
    return status.size() <= 40 && word.match(status).hasMatch();
}

QString missing(const char* column)
{
    return ListParser::tr("the %1 column is empty or missing").arg(QString::fromLatin1(column));
}

} // namespace

QString ListParser::stripAnsi(const QString& text)
{
    // CSI sequences (colours, cursor), OSC sequences (titles, links) and two-character escapes.
    static const QRegularExpression ansi(QStringLiteral(
        "\\x1B\\[[0-?]*[ -/]*[@-~]|\\x1B\\][^\\x07\\x1B]*(?:\\x07|\\x1B\\\\)?|\\x1B[@-Z\\\\-_]"));
    if (!text.contains(QChar(0x1B)))
        return text;
    QString result = text;
    result.remove(ansi);
    return result;
}

ParsedList ListParser::parse(const QByteArray& stdoutData)
{
    ParsedList out;
    const QList<Line> lines = splitLines(stdoutData);
    qsizetype first = -1;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!isBlank(lines[i].text)) {
            first = i;
            break;
        }
    }
    if (first < 0)
        return out;
    const QString start = lines[first].text.trimmed();
    if (start.startsWith(QLatin1Char('[')))
        parseJsonArray(lines, first, &out);
    else if (start.startsWith(QLatin1Char('{')))
        parseJsonLines(lines, first, &out);
    else
        parseTable(lines, &out);
    return out;
}

Parsed<Sandbox> ListParser::sandboxes(const QByteArray& stdoutData)
{
    return sandboxes(parse(stdoutData));
}

Parsed<Sandbox> ListParser::sandboxes(const ParsedList& list)
{
    return readTyped<Sandbox>(list, [](const QVariantMap& r, Sandbox* s) -> std::optional<QString> {
        s->name = text(r, "name");
        if (s->name.isEmpty())
            return missing("NAME");
        // A junk line under the table (a half-written row, bytes that are not UTF-8) lands in the
        // NAME column; a name kosa8 could not have given is reported rather than listed.
        if (const QString bad = Names::checkSandbox(s->name); !bad.isEmpty())
            return ListParser::tr("not a sandbox name: %1").arg(bad);
        // Noise whose first word happens to be a valid name ("g", "kl", "2se") is not a sandbox
        // either: a row is one only when its other required columns read too, a status word and,
        // when kosa8 lists egress at all, a policy the app knows. Anything else would reach agents
        // (`sandboxes`) as a sandbox that does not exist or with a policy nobody can read.
        s->status = text(r, "status");
        if (!isStatusWord(s->status))
            return s->status.isEmpty()
                       ? missing("STATUS")
                       : ListParser::tr("not a sandbox status: \"%1\"").arg(s->status.left(40));
        s->egress = EgressPolicy::parse(text(r, "egress"));
        if (r.contains(QStringLiteral("egress")) && s->egress.mode == EgressPolicy::Mode::Unknown)
            return s->egress.raw.trimmed().isEmpty()
                       ? missing("EGRESS")
                       : ListParser::tr("not an egress policy: \"%1\"").arg(s->egress.raw.trimmed().left(40));
        const QVariant images = r.value(QStringLiteral("images"));
        const QStringList parts = images.typeId() == QMetaType::QVariantList
                                      ? images.toStringList()
                                      : images.toString().split(QLatin1Char(','));
        for (const QString& part : parts) {
            if (!part.trimmed().isEmpty())
                s->images.append(part.trimmed());
        }
        s->created = dateTime(r, "created");
        s->createdText = text(r, "created");
        s->extra = extraOf(r, {"name", "status", "egress", "images", "created"});
        return std::nullopt;
    });
}

Parsed<Checkpoint> ListParser::checkpoints(const QByteArray& stdoutData)
{
    return checkpoints(parse(stdoutData));
}

Parsed<Checkpoint> ListParser::checkpoints(const ParsedList& list)
{
    return readTyped<Checkpoint>(list, [](const QVariantMap& r, Checkpoint* c) -> std::optional<QString> {
        c->label = text(r, "label");
        if (c->label.isEmpty())
            return missing("LABEL");
        // Labels, snapshot ids and image references go back to kosa8 as arguments (rewind,
        // snapshot restore, run); a value kosa8 could not have given is reported, like a
        // sandbox name, rather than listed (found by tests/fuzz/kosa8_lists.cpp).
        if (const QString bad = Names::checkLabel(c->label); !bad.isEmpty())
            return ListParser::tr("not a checkpoint label: %1").arg(bad);
        c->id = text(r, "id");
        c->created = dateTime(r, "created");
        c->createdText = text(r, "created");
        c->size = text(r, "size");
        const QString current = text(r, "current").toLower();
        c->current = current == QLatin1String("*") || current == QLatin1String("true") ||
                     current == QLatin1String("yes") || current == QLatin1String("1") ||
                     current == QLatin1String("current");
        c->extra = extraOf(r, {"label", "id", "created", "size", "current"});
        return std::nullopt;
    });
}

Parsed<Snapshot> ListParser::snapshots(const QByteArray& stdoutData)
{
    return snapshots(parse(stdoutData));
}

Parsed<Snapshot> ListParser::snapshots(const ParsedList& list)
{
    return readTyped<Snapshot>(list, [](const QVariantMap& r, Snapshot* s) -> std::optional<QString> {
        s->id = text(r, "id");
        if (s->id.isEmpty())
            return missing("ID");
        if (const QString bad = Names::checkSnapshotId(s->id); !bad.isEmpty())
            return ListParser::tr("not a snapshot id: %1").arg(bad);
        s->created = dateTime(r, "created");
        s->createdText = text(r, "created");
        s->size = text(r, "size");
        s->extra = extraOf(r, {"id", "created", "size"});
        return std::nullopt;
    });
}

Parsed<Image> ListParser::images(const QByteArray& stdoutData)
{
    return images(parse(stdoutData));
}

Parsed<Image> ListParser::images(const ParsedList& list)
{
    return readTyped<Image>(list, [](const QVariantMap& r, Image* i) -> std::optional<QString> {
        i->repository = text(r, "repository");
        if (i->repository.isEmpty())
            return missing("REPOSITORY");
        i->tag = text(r, "tag");
        if (const QString bad = Names::checkImage(i->reference()); !bad.isEmpty())
            return ListParser::tr("not an image reference: %1").arg(bad);
        i->size = text(r, "size");
        i->extra = extraOf(r, {"repository", "tag", "size"});
        return std::nullopt;
    });
}

Parsed<AuditEntry> ListParser::auditEntries(const QByteArray& stdoutData)
{
    return auditEntries(parse(stdoutData));
}

Parsed<AuditEntry> ListParser::auditEntries(const ParsedList& list)
{
    return readTyped<AuditEntry>(list, [](const QVariantMap& r, AuditEntry* e) -> std::optional<QString> {
        const QString seq = text(r, "seq");
        if (seq.isEmpty())
            return missing("SEQ");
        bool ok = false;
        e->seq = seq.toLongLong(&ok);
        if (!ok || e->seq < 0)
            return ListParser::tr("SEQ \"%1\" is not a whole number").arg(seq);
        e->time = dateTime(r, "time");
        e->timeText = text(r, "time");
        e->actor = text(r, "actor");
        e->action = text(r, "action");
        e->sandbox = text(r, "sandbox");
        e->detail = text(r, "detail");
        e->hash = text(r, "hash");
        e->extra = extraOf(r, {"seq", "time", "actor", "action", "sandbox", "detail", "hash"});
        return std::nullopt;
    });
}

VersionInfo ListParser::version(const QByteArray& stdoutData)
{
    VersionInfo info;
    static const QRegularExpression number(QStringLiteral("\\bv?(\\d+\\.\\d+[0-9A-Za-z.+-]*)"));
    info.rawLines = nonBlankLines(stdoutData);
    if (info.rawLines.isEmpty())
        return info;

    if (info.rawLines.first().startsWith(QLatin1Char('{'))) {
        const QJsonDocument doc = QJsonDocument::fromJson(info.rawLines.join(QLatin1Char('\n')).toUtf8());
        if (doc.isObject()) {
            const QJsonObject o = doc.object();
            info.client =
                o.value(QStringLiteral("client")).toString(o.value(QStringLiteral("version")).toString());
            for (const char* label : {"daemon", "worker", "server"}) {
                const QString key = QString::fromLatin1(label);
                if (o.contains(key)) {
                    info.server = o.value(key).isObject()
                                      ? o.value(key).toObject().value(QStringLiteral("version")).toString()
                                      : o.value(key).toString();
                    info.serverLabel = key;
                    break;
                }
            }
            return info;
        }
    }

    const auto firstMatch = number.match(info.rawLines.first());
    info.client = firstMatch.hasMatch() ? firstMatch.captured(1) : info.rawLines.first();
    for (qsizetype i = 1; i < info.rawLines.size(); ++i) {
        const auto match = number.match(info.rawLines[i]);
        if (!match.hasMatch())
            continue;
        info.server = match.captured(1);
        QString label = info.rawLines[i].section(QLatin1Char(' '), 0, 0).toLower();
        while (label.endsWith(QLatin1Char(':')))
            label.chop(1);
        info.serverLabel = label;
        break;
    }
    return info;
}

AuditVerifyResult ListParser::auditVerify(int exitCode, const QByteArray& stdoutData,
                                          const QByteArray& stderrData)
{
    AuditVerifyResult result;
    result.ok = exitCode == 0;
    if (result.ok) {
        const QStringList lines = nonBlankLines(stdoutData) + nonBlankLines(stderrData);
        static const QRegularExpression count(QStringLiteral("(\\d+)"));
        for (const QString& line : lines) {
            const auto match = count.match(line);
            if (match.hasMatch()) {
                result.verifiedCount = match.captured(1).toLongLong();
                result.message = line;
                break;
            }
        }
        if (result.message.isEmpty() && !lines.isEmpty())
            result.message = lines.first();
        return result;
    }
    static const QRegularExpression seq(QStringLiteral("(?:\\bseq|\\bentry)\\s*[#=:]?\\s*#?(\\d+)"),
                                        QRegularExpression::CaseInsensitiveOption);
    // Prefer stderr: kosa8 names the broken entry there.
    const QStringList ordered = nonBlankLines(stderrData) + nonBlankLines(stdoutData);
    for (const QString& line : ordered) {
        const auto match = seq.match(line);
        if (match.hasMatch()) {
            result.brokenSeq = match.captured(1).toLongLong();
            result.message = line;
            break;
        }
    }
    if (result.message.isEmpty() && !ordered.isEmpty())
        result.message = ordered.first();
    return result;
}

} // namespace k8::kosa8
