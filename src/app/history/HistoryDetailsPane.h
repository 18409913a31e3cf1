// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"

#include <QWidget>

#include <memory>

class QPlainTextEdit;
class QPushButton;

namespace k8::app {

// Every field of the selected history entry, its hash and the hash it chains from, as plain
// text (kosa8's DETAIL and the ledger's titles carry agent text: never markup; hidden and bidi
// characters are named). Links: the run's sandbox on the checkpoint timeline, and a decision's
// request in the inbox's history.
class HistoryDetailsPane : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryDetailsPane(QWidget* parent = nullptr);

    // storeRow -1: nothing selected.
    void showEntry(std::shared_ptr<const history::AuditStore> store, qsizetype storeRow);
    qsizetype storeRow() const { return m_row; }
    QString text() const;
    QPlainTextEdit* textView() const { return m_text; }
    QPushButton* timelineButton() const { return m_timeline; }
    QPushButton* requestButton() const { return m_request; }

    // The text shown for one entry (also for tests).
    static QString describe(const history::AuditStore& store, qsizetype storeRow);

Q_SIGNALS:
    void showOnTimelineRequested(const QString& sandbox, const QString& requestId);
    void showRequestRequested(const QString& requestId, const QString& agent, const QString& payloadSha256);

private:
    QPlainTextEdit* m_text;
    QPushButton* m_timeline;
    QPushButton* m_request;
    std::shared_ptr<const history::AuditStore> m_store;
    qsizetype m_row = -1;
};

} // namespace k8::app
