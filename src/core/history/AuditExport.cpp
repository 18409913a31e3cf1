// SPDX-License-Identifier: Apache-2.0
#include "history/AuditExport.h"

#include "history/AuditTableModel.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace k8::history {

namespace {

void appendCsv(QByteArray* out, QByteArrayView value)
{
    bool formula = false;
    if (!value.isEmpty()) {
        const char c = value.front();
        formula = c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }
    bool quote = formula;
    for (const char c : value) {
        if (c == ',' || c == '"' || c == '\n' || c == '\r') {
            quote = true;
            break;
        }
    }
    if (!quote) {
        out->append(value.data(), value.size());
        return;
    }
    out->append('"');
    if (formula)
        out->append('\'');
    for (const char c : value) {
        if (c == '"')
            out->append('"');
        out->append(c);
    }
    out->append('"');
}

QByteArray utf8(const QString& text)
{
    return text.toUtf8();
}

} // namespace

QStringList AuditExport::columnNames()
{
    return {QStringLiteral("source"),      QStringLiteral("seq"),          QStringLiteral("time"),
            QStringLiteral("time_utc_ms"), QStringLiteral("actor"),        QStringLiteral("action"),
            QStringLiteral("sandbox"),     QStringLiteral("decided_by"),   QStringLiteral("detail"),
            QStringLiteral("hash"),        QStringLiteral("previous_hash")};
}

bool AuditExport::write(const AuditStore& store, const QList<qint32>& rows, Format format, QIODevice* device,
                        QString* error, const std::atomic<bool>* cancel, std::atomic<qint64>* progress)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    QByteArray buffer;
    constexpr qsizetype FlushAt = 256 * 1024;
    auto flush = [&]() {
        if (buffer.isEmpty())
            return true;
        const qint64 written = device->write(buffer);
        buffer.clear();
        return written >= 0;
    };
    if (format == Format::Csv)
        buffer.append(columnNames().join(QLatin1Char(',')).toUtf8() + "\r\n");

    for (qsizetype i = 0; i < rows.size(); ++i) {
        if ((i & 4095) == 0) {
            if (cancel && cancel->load())
                return fail(tr("The export was cancelled."));
            if (progress)
                progress->store(i);
        }
        const qsizetype row = rows[i];
        const AuditRow& r = store.row(row);
        const QByteArray names[4] = {utf8(store.name(NameColumn::Actor, r.names[0])),
                                     utf8(store.name(NameColumn::Action, r.names[1])),
                                     utf8(store.name(NameColumn::Sandbox, r.names[2])),
                                     utf8(store.name(NameColumn::DecidedBy, r.names[3]))};
        const QByteArray source = AuditTableModel::sourceName(r.source).toUtf8();
        const QByteArray previous = r.source == Source::Kosa8 && r.previousRow >= 0
                                        ? store.text(r.previousRow, TextField::Hash).toByteArray()
                                        : store.text(row, TextField::PreviousHash).toByteArray();
        if (format == Format::Csv) {
            appendCsv(&buffer, source);
            buffer.append(',');
            if (r.seq >= 0)
                buffer.append(QByteArray::number(r.seq));
            buffer.append(',');
            appendCsv(&buffer, store.text(row, TextField::TimeText));
            buffer.append(',');
            if (r.timeMs != AuditRow::NoTime)
                buffer.append(QByteArray::number(r.timeMs));
            for (const QByteArray& name : names) {
                buffer.append(',');
                appendCsv(&buffer, name);
            }
            buffer.append(',');
            appendCsv(&buffer, store.text(row, TextField::Detail));
            buffer.append(',');
            appendCsv(&buffer, store.text(row, TextField::Hash));
            buffer.append(',');
            appendCsv(&buffer, previous);
            buffer.append("\r\n");
        } else {
            QJsonObject o;
            o.insert(QStringLiteral("source"), QString::fromUtf8(source));
            o.insert(QStringLiteral("seq"), r.seq);
            o.insert(QStringLiteral("time"), store.textString(row, TextField::TimeText));
            o.insert(QStringLiteral("time_utc_ms"),
                     r.timeMs == AuditRow::NoTime ? QJsonValue() : QJsonValue(r.timeMs));
            o.insert(QStringLiteral("actor"), QString::fromUtf8(names[0]));
            o.insert(QStringLiteral("action"), QString::fromUtf8(names[1]));
            o.insert(QStringLiteral("sandbox"), QString::fromUtf8(names[2]));
            o.insert(QStringLiteral("decided_by"), QString::fromUtf8(names[3]));
            o.insert(QStringLiteral("detail"), store.textString(row, TextField::Detail));
            o.insert(QStringLiteral("hash"), store.textString(row, TextField::Hash));
            o.insert(QStringLiteral("previous_hash"), QString::fromUtf8(previous));
            buffer.append(QJsonDocument(o).toJson(QJsonDocument::Compact));
            buffer.append('\n');
        }
        if (buffer.size() >= FlushAt && !flush())
            return fail(tr("Cannot write the export: %1").arg(device->errorString()));
    }
    if (!flush())
        return fail(tr("Cannot write the export: %1").arg(device->errorString()));
    if (progress)
        progress->store(rows.size());
    return true;
}

} // namespace k8::history
