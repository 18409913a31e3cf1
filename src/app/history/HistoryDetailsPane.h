// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"

#include <QUrl>
#include <QWidget>

#include <memory>

class QPlainTextEdit;
class QPushButton;

namespace k8::app {

// Every field of the selected history entry, its hash and the hash it chains from, as plain
// text (kosa8's DETAIL and the ledger's titles carry agent text: never markup; hidden and bidi
// characters are named), with where the request came from. Links: the run's sandbox on the
// checkpoint timeline, a decision's request in the inbox's history, and a LangGraph server's
// interrupt's thread on its server.
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
    // A server's interrupt: its thread on the server (DecisionFields::threadUrl()).
    QPushButton* threadButton() const { return m_thread; }
    QUrl threadUrl() const { return m_threadUrl; }

    // The text shown for one entry (also for tests).
    static QString describe(const history::AuditStore& store, qsizetype storeRow);

Q_SIGNALS:
    void showOnTimelineRequested(const QString& sandbox, const QString& requestId);
    void showRequestRequested(const QString& requestId, const QString& agent, const QString& payloadSha256);
    // The person asked to open `url` (the page opens it with the desktop's browser).
    void openUrlRequested(const QUrl& url);

private:
    void showThread(const QUrl& url);
    QPlainTextEdit* m_text;
    QPushButton* m_timeline;
    QPushButton* m_request;
    QPushButton* m_thread;
    QUrl m_threadUrl;
    std::shared_ptr<const history::AuditStore> m_store;
    qsizetype m_row = -1;
};

} // namespace k8::app
