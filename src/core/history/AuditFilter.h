// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditStore.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>

class QThread;

namespace k8::history {

// The columns of the history table, shared by the filter's sort and the model.
enum class AuditColumn : int
{
    Time = 0,
    Source,
    Actor,
    Action,
    Sandbox,
    Detail,
    DecidedBy,
    Seq,
    Hash,
    // The ledger's fields of a desk entry (empty for kosa8's): what the inbox's History tab shows
    // (src/core/history/DecisionFields.h reads them from the line the store keeps).
    Agent,
    Title,
    Method,
    Decision,
    DecidedByText, // "you", "rule \"NAME\"", "timed out": decided_by for people
    Where,         // runs: language, sandbox, image and checkpoint
    Reason,        // the reject reason the agent received
    Count
};

// What the person narrowed the history to. Empty strings and NoSource mean "any".
struct AuditFilter
{
    static constexpr int AnySource = -1;
    QString text; // free text: detail, actor, action, sandbox, decided by, extra; SEQ when a number;
                  // HASH when hex. ASCII letters match either case.
    QString actor;
    QString action;
    QString sandbox;
    QString decidedBy;
    int source = AnySource; // int(Source) or AnySource
    qint64 fromMs = AuditRow::NoTime;
    qint64 toMs = AuditRow::NoTime; // inclusive
    bool operator==(const AuditFilter& other) const = default;
    bool isEmpty() const { return *this == AuditFilter(); }
};

struct AuditSort
{
    AuditColumn column = AuditColumn::Time;
    Qt::SortOrder order = Qt::AscendingOrder;
    bool operator==(const AuditSort& other) const = default;
};

// The filter itself: plain functions over a store, any thread.
class AuditFilterEngine
{
public:
    // Rows [from, to) of `store` that pass `filter`, in store order. `cancelled` (may be null) is
    // polled every few thousand rows; when it turns true the result is incomplete and *wasCancelled set.
    static QList<qint32> match(const AuditStore& store, qsizetype from, qsizetype to,
                               const AuditFilter& filter, const std::atomic<bool>* cancelled = nullptr,
                               bool* wasCancelled = nullptr);
    // Orders matched rows: by time (kosa8's and the desk's merged, each already in time order is
    // merged in one pass), or by another column with time as the tie-break.
    static void sort(const AuditStore& store, QList<qint32>* rows, const AuditSort& sort);
    // The same for matched rows already apart by source, each in store order (the filter's pass
    // parts them as it reads each row, so the sort need not read every row again).
    static QList<qint32> sorted(const AuditStore& store, QList<qint32> kosa8Rows, QList<qint32> deskRows,
                                const AuditSort& sort);
    // The rows of `candidates` (in their order) that pass `filter`.
    static QList<qint32> matchWithin(const AuditStore& store, const QList<qint32>& candidates,
                                     const AuditFilter& filter);
    // Whether every row that passes `after` also passes `before` (typing one more letter), so
    // that `after` may run on `before`'s result alone.
    static bool narrows(const AuditFilter& before, const AuditFilter& after);
};

// Runs the filter off the UI thread. A newer request cancels the one running; only the newest
// result is delivered (finished()), on the thread that owns the runner.
class AuditFilterRunner : public QObject
{
    Q_OBJECT
public:
    explicit AuditFilterRunner(QObject* parent = nullptr);
    ~AuditFilterRunner() override;

    // Filters the first `count` rows of `store`. Returns the request's generation.
    quint64 request(std::shared_ptr<const AuditStore> store, qsizetype count, const AuditFilter& filter,
                    const AuditSort& sort);
    // Filters only `within` (the rows a wider filter let through, in display order), keeping their order.
    quint64 refine(std::shared_ptr<const AuditStore> store, const QList<qint32>& within,
                   const AuditFilter& filter);
    quint64 latest() const { return m_generation; }
    // Drops the request running: its result is not delivered.
    void cancel();
    bool isBusy() const { return m_pending > 0; }

Q_SIGNALS:
    void finished(quint64 generation, const QList<qint32>& rows, qint64 elapsedMs);

private:
    quint64 request(std::shared_ptr<const AuditStore> store, qsizetype count, const AuditFilter& filter,
                    const AuditSort& sort, const QList<qint32>& within, bool refine);
    QThread* m_thread;
    QObject* m_worker;
    quint64 m_generation = 0;
    int m_pending = 0;
    std::shared_ptr<std::atomic<quint64>> m_newest;
};

} // namespace k8::history

Q_DECLARE_METATYPE(k8::history::AuditFilter)
Q_DECLARE_METATYPE(k8::history::AuditSort)
