// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/review/DecisionNotice.h"

#include <QList>
#include <QWidget>

class QLabel;
class QListWidget;
class QToolButton;

namespace k8::app {

// The decisions the person did not make (standing rule, timeout, withdrawal, shutdown), as a
// compact strip in the inbox: newest first, at most MaxNotices, each plain text with its time
// ("Approved by rule pandas-summary: run in code-runner", then "14:02:11 · research-bot: Summarise
// sales"), with "Show in History" for the selected notice and "Clear". Hidden while empty.
// Withdrawals by one agent are one row ("Withdrawn by research-bot: 5 requests"), moved to the
// top with the newest: an agent that sends and cancels requests cannot flood the strip (the
// ledger and History keep one entry per request).
class DecisionNotices : public QWidget
{
    Q_OBJECT
public:
    static constexpr int MaxNotices = 50;
    // Longest title shown in a notice line; the tooltip has all of it.
    static constexpr int MaxTitleChars = 80;

    explicit DecisionNotices(QWidget* parent = nullptr);

    int count() const { return int(m_notices.size()); }
    // Newest first.
    agent::DecisionNotice notice(int row) const;
    // The text of a notice line as shown.
    QString text(int row) const;
    QListWidget* list() const { return m_list; }
    QToolButton* showInHistoryButton() const { return m_showInHistory; }
    QToolButton* clearButton() const { return m_clear; }

    // How many withdrawals a row stands for (1 for every other notice).
    int repeats(int row) const;

    // The text for a notice: the headline, then time, agent and (cut) title on a second line;
    // `repeats` withdrawals by one agent say how many.
    static QString lineFor(const agent::DecisionNotice& notice, int repeats = 1);

public Q_SLOTS:
    void add(const k8::agent::DecisionNotice& notice);
    void clear();
    // "Show in History" for the selected notice (the newest when none is selected).
    void showSelectedInHistory();

Q_SIGNALS:
    void showInHistoryRequested(const k8::agent::DecisionNotice& notice);

private:
    void updateVisibility();
    // The row of a withdrawal notice by `agent`; -1 when there is none.
    int withdrawalRowOf(const QString& agent) const;

    QList<agent::DecisionNotice> m_notices; // newest first
    QList<int> m_repeats;                   // per row: how many notices it stands for
    QLabel* m_heading;
    QListWidget* m_list;
    QToolButton* m_showInHistory;
    QToolButton* m_clear;
};

} // namespace k8::app
