// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Types.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QVariantMap>

namespace k8::kosa8 {

// A line of kosa8 output that could not be read. Shown to the user, never dropped silently.
struct ParseProblem
{
    int lineNumber = 0; // 1-based, in stdout
    QString lineText;   // ANSI codes stripped
    QString reason;
};

// The generic result: one map per record, keys lower-case column names / JSON keys.
struct ParsedList
{
    enum class Format
    {
        Empty,
        JsonArray,
        JsonLines,
        Table
    };
    Format format = Format::Empty;
    QList<QVariantMap> records;
    QList<int> recordLines; // 1-based stdout line of each record (for problems found later)
    QList<ParseProblem> problems;
};

template <typename T> struct Parsed
{
    QList<T> items;
    QList<ParseProblem> problems;
};

// Reads kosa8 list output: a JSON array, one JSON object per line, or a docker-style table
// (header row of upper-case names, columns separated by two or more spaces), auto-detected.
// Tables are read by header name, not position. Tolerates ANSI colour codes, CRLF, a UTF-8 BOM,
// blank lines. Warnings belong on stderr and are not parsed.
class ListParser
{
    Q_DECLARE_TR_FUNCTIONS(k8::kosa8::ListParser)
public:
    static ParsedList parse(const QByteArray& stdoutData);
    static QString stripAnsi(const QString& text);

    // Typed readers; a record missing a required field (NAME, LABEL, ID, REPOSITORY, SEQ)
    // becomes a ParseProblem. A sandbox needs a valid NAME, a STATUS word and, when the list
    // has an EGRESS column, a policy EgressPolicy reads: noise whose first word happens to be a
    // valid name is a problem, not a sandbox.
    static Parsed<Sandbox> sandboxes(const QByteArray& stdoutData);
    static Parsed<Checkpoint> checkpoints(const QByteArray& stdoutData);
    static Parsed<Snapshot> snapshots(const QByteArray& stdoutData);
    static Parsed<Image> images(const QByteArray& stdoutData);
    static Parsed<AuditEntry> auditEntries(const QByteArray& stdoutData);
    // The same over a list already parsed (parse() of the same output), for a caller that reads
    // one output in several ways.
    static Parsed<Sandbox> sandboxes(const ParsedList& list);
    static Parsed<Checkpoint> checkpoints(const ParsedList& list);
    static Parsed<Snapshot> snapshots(const ParsedList& list);
    static Parsed<Image> images(const ParsedList& list);
    static Parsed<AuditEntry> auditEntries(const ParsedList& list);

    static VersionInfo version(const QByteArray& stdoutData);
    static AuditVerifyResult auditVerify(int exitCode, const QByteArray& stdoutData,
                                         const QByteArray& stderrData);
};

} // namespace k8::kosa8
