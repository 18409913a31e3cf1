// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

namespace k8::kosa8 {
class Kosa8Job;
class Kosa8Runner;
struct JobResult;
} // namespace k8::kosa8

namespace k8::trial {

class TrialCopies;

// Removes trial copies one after another: `sandbox rm COPY`, and when kosa8 refuses (it may not
// remove a running sandbox), `sandbox stop COPY` and `sandbox rm COPY` once more. A removed copy is
// crossed out in TrialCopies; one that is not stays written down, with why. Used by a trial when
// it ends and at start for the leftovers of earlier ones. Ends with exactly one finished().
class CopyRemoval : public QObject
{
    Q_OBJECT
public:
    // `runner` and `copies` are not owned and must outlive this.
    CopyRemoval(kosa8::Kosa8Runner* runner, TrialCopies* copies, QObject* parent = nullptr);

    void start(const QStringList& copies);
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    // A kosa8 step started: what it does, for people, and its exact command.
    void stepStarted(const QString& what, const QString& command);
    // `removed`: the copies that are gone; `problems`: one sentence per copy that is not.
    void finished(const QStringList& removed, const QStringList& problems);

private:
    enum class Step
    {
        Remove,
        Stop,
        RemoveAgain
    };
    void next();
    void startStep(Step step);
    void stepFinished(const kosa8::JobResult& result);

    QPointer<kosa8::Kosa8Runner> m_runner;
    TrialCopies* m_copies;
    QStringList m_left; // the copy being removed first
    QStringList m_removed;
    QStringList m_problems;
    Step m_step = Step::Remove;
    bool m_running = false;
};

} // namespace k8::trial
