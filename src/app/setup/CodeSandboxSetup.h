// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Operation.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QVariantMap>

namespace k8::app {

// The steps of "Set up a code sandbox", run one after the other through the runner, stopping
// at the first that fails. Each step knows its exact command before it runs (for the dialog).
class CodeSandboxSetup : public QObject
{
    Q_OBJECT
public:
    enum class StepState
    {
        Pending,
        Running,
        Done,
        Skipped,
        Failed,
        Cancelled
    };
    Q_ENUM(StepState)

    struct Step
    {
        QString title;
        kosa8::Operation operation = kosa8::Operation::SandboxCreate;
        QVariantMap params;
        QString command; // exact preview
        StepState state = StepState::Pending;
        int percent = -1; // from the output, when it says
        kosa8::JobResult result;
    };

    static inline const QString DefaultSandbox = QStringLiteral("code-runner");
    static inline const QString DefaultImage = QStringLiteral("python:3.12-slim");
    static inline const QString DefaultLabel = QStringLiteral("clean");

    CodeSandboxSetup(kosa8::Kosa8Runner* runner, const QString& sandbox = DefaultSandbox,
                     const QString& image = DefaultImage, const QString& label = DefaultLabel,
                     QObject* parent = nullptr);
    ~CodeSandboxSetup() override;

    QString sandbox() const { return m_sandbox; }
    QString image() const { return m_image; }
    QString label() const { return m_label; }
    const QList<Step>& steps() const { return m_steps; }
    // When the sandbox already exists the create step is skipped (pull and checkpoint still run).
    void setSandboxExists(bool exists);

    bool isRunning() const { return m_job != nullptr; }
    bool hasFinished() const { return m_finished; }
    bool succeeded() const { return m_finished && m_failedStep < 0 && !m_cancelled; }
    int failedStep() const { return m_failedStep; }
    // For the message at the end: which step failed, its command, exit code and stderr.
    QString failureText() const;

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void stepChanged(int index);
    void stepOutput(int index, const QString& line, bool isStderr);
    void finished(bool ok);

private:
    void runStep(int index);
    void onStepFinished(int index, const kosa8::JobResult& result);
    void finish();

    kosa8::Kosa8Runner* m_runner;
    QString m_sandbox;
    QString m_image;
    QString m_label;
    QList<Step> m_steps;
    QPointer<kosa8::Kosa8Job> m_job;
    bool m_finished = false;
    bool m_cancelled = false;
    int m_failedStep = -1;
};

} // namespace k8::app
