// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QPointer>
#include <QTime>
#include <QWidget>

#include <vector>

class QAction;
class QLabel;
class QStackedWidget;
class QStandardItemModel;
class QAbstractItemModel;
class QJsonObject;

namespace k8::agent {
class ReviewCoordinator;
}

namespace k8::app {

class CodeEditor;
class RunConsole;

// Approved runs, each kept together: the request's title and agent, the code that ran (captured
// from the coordinator when the run starts, since the request has left the inbox by then), every
// kosa8 command line, the streamed output and the result line. The recent runs are a list model
// (newest first) that the inbox shows beside its pending requests; the pane shows one run at a
// time, and a run still streaming keeps streaming into its own console whichever one is shown.
class RunPane : public QWidget
{
    Q_OBJECT
public:
    // Older runs beyond this many leave the list (each holds a bounded console).
    static constexpr int MaxRuns = 20;

    explicit RunPane(agent::ReviewCoordinator* coordinator, QWidget* parent = nullptr);
    ~RunPane() override;

    // One row per run, newest first: its title and whether it is running or how it ended.
    QAbstractItemModel* runsModel() const;
    int runCount() const { return int(m_runs.size()); }

    // Shows the run at `row` of runsModel() (out of range: nothing).
    void showRun(int row);
    int shownRow() const { return m_shown; }
    quint64 shownKey() const;
    int rowOf(quint64 key) const;
    // The console of the run shown; nullptr when none is.
    RunConsole* shownConsole() const;
    CodeEditor* codeView() const { return m_code; }
    QLabel* titleLabel() const { return m_title; }
    QLabel* detailsLabel() const { return m_details; }
    // "Rewind to before this run…" for the run shown: enabled once it finished after a checkpoint.
    QAction* rewindAction() const { return m_rewind; }

Q_SIGNALS:
    // A run started that the pane did not know: it is row 0 of runsModel() now.
    void runAdded(quint64 key);
    // The person asked to rewind the sandbox to the checkpoint taken just before the run shown.
    void rewindToBeforeRunRequested(const QString& sandbox, const QString& checkpointLabel);

private:
    struct Run
    {
        quint64 key = 0;
        QString title;
        QString agent;
        QTime started; // local time the pane learnt of it: runs of one title told apart
        QString code;
        QString language;
        QString sandbox;
        QString image;
        RunConsole* console = nullptr;
        bool finished = false;
        bool failed = false;
        QString checkpoint; // taken before the run; empty: none
        QString reset;      // how the sandbox went back to its base after the run; empty: it does not
    };

    // The run for `key`, added as the newest when it is new.
    Run* runFor(quint64 key);
    void onRunStarted(quint64 key, const QString& commandPreview);
    void onRunOutput(quint64 key, bool isStderr, const QByteArray& bytes);
    void onRunFinished(quint64 key, const QJsonObject& result);
    void updateRow(int row);
    void updateShown();
    QString statusText(const Run& run) const;
    // "Reset to base 'clean' after the run" / "reset failed: …" from the result's "reset" object.
    static QString resetText(const QJsonObject& reset);
    // "340 ms", "1.2 s": the run's length at a glance.
    static QString durationText(qint64 ms);

    QPointer<agent::ReviewCoordinator> m_coordinator;
    std::vector<Run> m_runs; // newest first, as the rows of m_model
    int m_shown = -1;
    QStandardItemModel* m_model;
    QLabel* m_title;
    QLabel* m_details;
    CodeEditor* m_code;
    QStackedWidget* m_consoles;
    QAction* m_rewind;
};

} // namespace k8::app
