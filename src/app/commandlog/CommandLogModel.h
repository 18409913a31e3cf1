// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
} // namespace k8::kosa8

namespace k8::app {

// Every kosa8 command the app ran, newest last: fed by Kosa8Runner::jobStarted/jobFinished, so
// nothing can run kosa8 without showing up here. Keeps the last MaxEntries.
class CommandLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        CommandColumn,
        DurationColumn,
        ResultColumn,
        ColumnCount
    };
    enum Role
    {
        JobIdRole = Qt::UserRole + 1,
        OkRole,
        RunningRole,
        PreviewRole,
        RoutineRole
    };

    struct Entry
    {
        quint64 jobId = 0;
        QDateTime startedAt;
        QString preview;
        kosa8::Operation operation = kosa8::Operation::Version;
        bool running = true;
        kosa8::JobResult result; // valid once !running
    };

    static constexpr int MaxEntries = 1000;

    explicit CommandLogModel(QObject* parent = nullptr);
    // Listens to the runner's signals.
    void attach(kosa8::Kosa8Runner* runner);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Entry* entryAt(int row) const;
    int rowOfJob(quint64 jobId) const;
    void clear();

    // Whether the operation only reads a list or a status (`version`, `sandbox ls`, `sandbox
    // images`, `checkpoint ls`, `snapshot ls`, `audit ls`, ...) and changes nothing.
    static bool isListRefresh(kosa8::Operation operation);
    // A successful list refresh: the page hides these by default so that the commands that
    // change something stay in view.
    static bool isRoutine(const Entry& entry);
    // Short outcome text: "exit 0", "exit 3", "failed to start", "timed out", "running…".
    static QString resultText(const Entry& entry);
    // The full record for the details pane and the clipboard.
    static QString detailsText(const Entry& entry);

public Q_SLOTS:
    void onJobStarted(k8::kosa8::Kosa8Job* job);
    void onJobFinished(const k8::kosa8::JobResult& result);

private:
    void trim();
    QList<Entry> m_entries;
};

} // namespace k8::app
