// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>

namespace k8::history {

// Reads `kosa8 audit ls` output as it arrives, in pieces of any size, into an AuditStore:
// a docker-style table (by header name, not position: SEQ, TIME, ACTOR, ACTION, SANDBOX, DETAIL,
// HASH, others kept as extra), one JSON object per line, or a JSON array (one line or pretty-printed),
// auto-detected from the first line that is not blank (docs/kosa8-cli.md, "Output the app
// reads"). Lines may be split anywhere between two feeds; CRLF, a UTF-8 BOM and ANSI escapes are
// tolerated. A line that cannot be read becomes an AuditProblem with its line number; so does an
// entry whose SANDBOX is no sandbox name (kosa8/Names), since the app passes it back to kosa8.
//
// Plain C++ on bytes, no QVariant or QJsonObject per entry; one instance per load, used on one
// thread (the parse worker's).
class AuditStreamParser
{
    Q_DECLARE_TR_FUNCTIONS(k8::history::AuditStreamParser)
public:
    enum class Format
    {
        Unknown,
        Table,
        JsonLines,
        JsonArray
    };

    explicit AuditStreamParser(AuditStore* store);

    // Entries with SEQ at or below this are read but not stored (a refresh keeps what it has).
    void setSkipThroughSeq(qint64 seq) { m_skipThroughSeq = seq; }
    // The HASH the entry at the skip SEQ must still have; when it differs, rewritten() is true.
    void setExpectedHashAtSkip(const QByteArray& hash) { m_expectedHashAtSkip = hash; }

    void feed(QByteArrayView bytes);
    // The end of the output: the last line without a line end, and an object left open.
    void finish();

    Format format() const { return m_format; }
    qint64 linesRead() const { return m_lineNumber; }
    qint64 entriesStored() const { return m_stored; }
    bool rewritten() const { return m_rewritten; }

    // Exposed for tests: ANSI escapes (CSI, OSC, two-byte) removed from one line.
    static QByteArray stripAnsi(QByteArrayView line);

private:
    // Views into the line being read (or the JSON values decoded from it), valid for one record.
    struct Field
    {
        QByteArrayView key; // lower case
        QByteArrayView value;
        int known = -1; // which known column the key is (see AuditStreamParser.cpp)
    };
    void line(QByteArrayView text);
    void tableLine(QByteArrayView text);
    void jsonBytes(QByteArrayView text);
    void jsonObject(QByteArrayView object);
    void record(const QList<Field>& fields);
    void problem(qint64 lineNumber, QByteArrayView text, const QString& reason);
    bool validSandbox(QByteArrayView name);

    AuditStore* m_store;
    QByteArray m_pending; // bytes after the last '\n'
    qint64 m_lineNumber = 0;
    qint64 m_recordLine = 0;
    Format m_format = Format::Unknown;
    qint64 m_stored = 0;
    qint64 m_skipThroughSeq = -1;
    QByteArray m_expectedHashAtSkip;
    bool m_rewritten = false;
    // Sandbox names already found valid (kosa8::Names), compared in place.
    static constexpr qsizetype MaxValidSandboxesKept = 64;
    QList<QByteArray> m_validSandboxes;

    // Table
    struct Column
    {
        qsizetype start = 0;
        QByteArray key;
        int known = -1;
    };
    QList<Column> m_columns;
    // Reused for every line, so that reading a row allocates nothing.
    QList<Field> m_fields;
    QList<QByteArray> m_jsonKeys; // reused from object to object
    QList<QByteArray> m_jsonValues;
    QByteArray m_headerText;

    // JSON: an object being collected across lines
    QByteArray m_object;
    qint64 m_objectLine = 0;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escape = false;
    QByteArray m_strayText; // non-JSON bytes outside objects on the current line
};

} // namespace k8::history
