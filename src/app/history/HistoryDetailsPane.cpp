// SPDX-License-Identifier: Apache-2.0
#include "history/HistoryDetailsPane.h"

#include "agent/payload/HiddenText.h"
#include "history/AuditTableModel.h"
#include "history/DecisionFields.h"
#include "history/TimeText.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace k8::app {

namespace {

QJsonObject ledgerEntry(const history::AuditStore& store, qsizetype row)
{
    if (store.row(row).source != history::Source::Desk)
        return {};
    const QByteArrayView extra = store.text(row, history::TextField::Extra);
    return QJsonDocument::fromJson(extra.toByteArray()).object();
}

} // namespace

HistoryDetailsPane::HistoryDetailsPane(QWidget* parent)
    : QWidget(parent)
    , m_text(new QPlainTextEdit(this))
    , m_timeline(new QPushButton(tr("Show on timeline"), this))
    , m_request(new QPushButton(tr("Show request in the inbox"), this))
    , m_thread(new QPushButton(tr("Open the thread on its server"), this))
{
    setObjectName(QStringLiteral("historyDetails"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* title = new QLabel(tr("Details"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    layout->addWidget(title);
    m_text->setObjectName(QStringLiteral("historyDetailsText"));
    m_text->setReadOnly(true);
    m_text->setAccessibleName(tr("Details of the selected entry"));
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("Select an entry to see every field, its hash and the hash before it."));
    layout->addWidget(m_text, 1);
    auto* links = new QVBoxLayout; // stacked: the pane stays narrow beside a wide table
    m_timeline->setObjectName(QStringLiteral("historyShowOnTimeline"));
    m_request->setObjectName(QStringLiteral("historyShowRequest"));
    links->addWidget(m_timeline);
    links->addWidget(m_request);
    m_thread->setObjectName(QStringLiteral("historyOpenThread"));
    links->addWidget(m_thread);
    layout->addLayout(links);
    m_timeline->setEnabled(false);
    m_request->setEnabled(false);
    m_thread->setEnabled(false);

    connect(m_thread, &QPushButton::clicked, this, [this] {
        if (m_threadUrl.isValid())
            Q_EMIT openUrlRequested(m_threadUrl);
    });
    connect(m_timeline, &QPushButton::clicked, this, [this] {
        if (!m_store || m_row < 0)
            return;
        const QJsonObject entry = ledgerEntry(*m_store, m_row);
        Q_EMIT showOnTimelineRequested(
            history::AuditTableModel::cellText(*m_store, m_row, history::AuditColumn::Sandbox),
            entry.value(QStringLiteral("request")).toString());
    });
    connect(m_request, &QPushButton::clicked, this, [this] {
        if (!m_store || m_row < 0)
            return;
        const QJsonObject entry = ledgerEntry(*m_store, m_row);
        Q_EMIT showRequestRequested(entry.value(QStringLiteral("request")).toString(),
                                    entry.value(QStringLiteral("agent")).toString(),
                                    entry.value(QStringLiteral("payload_sha256")).toString());
    });
}

QString HistoryDetailsPane::describe(const history::AuditStore& store, qsizetype row)
{
    using history::AuditColumn;
    using history::AuditTableModel;
    const history::AuditRow& r = store.row(row);
    auto cell = [&](AuditColumn column) { return AuditTableModel::cellText(store, row, column); };
    QStringList lines;
    auto add = [&lines](const QString& label, const QString& value) {
        lines.append(label + QStringLiteral(": ") + agent::HiddenText::revealedInline(value));
    };
    add(tr("Source"), r.source == history::Source::Desk ? tr("desk (the app's ledger of decisions)")
                                                        : tr("kosa8 (audit log)"));
    add(r.source == history::Source::Desk ? tr("Ledger seq") : tr("SEQ"), cell(AuditColumn::Seq));
    add(tr("Time"), store.textString(row, history::TextField::TimeText) +
                        (r.timeMs == history::AuditRow::NoTime
                             ? tr(" (not a time the app can read)")
                             : QStringLiteral(" (%1 UTC)").arg(history::formatTimeMs(r.timeMs))));
    add(tr("Actor"), cell(AuditColumn::Actor));
    add(tr("Action"), cell(AuditColumn::Action));
    add(tr("Sandbox"), cell(AuditColumn::Sandbox));
    if (r.source == history::Source::Desk) {
        add(tr("Decided by"), cell(AuditColumn::DecidedBy));
        const QJsonObject entry = history::DecisionFields::entry(store, row);
        if (const QString origin = history::DecisionFields::describeOrigin(entry); !origin.isEmpty())
            add(tr("Request from"), origin);
        if (const QString where = history::DecisionFields::describeWhere(entry); !where.isEmpty())
            add(tr("Where"), where);
    }
    add(tr("Detail"), cell(AuditColumn::Detail));
    add(tr("Hash"), cell(AuditColumn::Hash));
    const QString previous = store.previousHash(row);
    add(tr("Previous hash"),
        previous.isEmpty() ? tr("(none: the first entry, or the one before is not loaded)") : previous);
    add(r.source == history::Source::Desk ? tr("Ledger line") : tr("Output line"), QString::number(r.line));
    const QString extra = store.textString(row, history::TextField::Extra);
    if (!extra.isEmpty()) {
        lines.append(r.source == history::Source::Desk ? tr("The ledger entry as recorded:")
                                                       : tr("Other fields kosa8 printed:"));
        // Each line as it is, hidden characters named.
        for (const QString& line : extra.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            lines.append(QStringLiteral("  ") + agent::HiddenText::revealedInline(line));
    }
    return lines.join(QLatin1Char('\n'));
}

void HistoryDetailsPane::showEntry(std::shared_ptr<const history::AuditStore> store, qsizetype row)
{
    m_store = std::move(store);
    m_row = m_store && row >= 0 && row < m_store->rowCount() ? row : -1;
    if (m_row < 0) {
        m_text->clear();
        m_timeline->setEnabled(false);
        m_request->setEnabled(false);
        showThread({});
        return;
    }
    m_text->setPlainText(describe(*m_store, m_row));
    const bool hasSandbox =
        !history::AuditTableModel::cellText(*m_store, m_row, history::AuditColumn::Sandbox).isEmpty();
    m_timeline->setEnabled(hasSandbox);
    m_request->setEnabled(m_store->row(m_row).source == history::Source::Desk);
    showThread(history::DecisionFields::threadUrl(history::DecisionFields::entry(*m_store, m_row)));
}

void HistoryDetailsPane::showThread(const QUrl& url)
{
    m_threadUrl = url;
    m_thread->setEnabled(url.isValid());
    // The exact address behind the button, as for every command the app runs.
    const QString where = url.isValid() ? url.toString() : tr("Only for an interrupt of a LangGraph server.");
    m_thread->setToolTip(where);
    m_thread->setAccessibleDescription(where);
}

QString HistoryDetailsPane::text() const
{
    return m_text->toPlainText();
}

} // namespace k8::app
