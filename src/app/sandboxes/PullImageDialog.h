// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QPushButton;

// The form (ui/<feature>/<Class>.ui) names its class k8::app::<Class>, so its strings share this class's
// translation context.
namespace k8::app::Ui {
class PullImageDialog;
}

namespace k8::app {

// "Pull image into SANDBOX": image name (validated), the exact command, then the streamed
// output in a console with a progress bar that is determinate once kosa8 prints percentages.
// Cancel kills the pull; closing the dialog while pulling cancels it too.
class PullImageDialog : public QDialog
{
    Q_OBJECT
public:
    PullImageDialog(kosa8::Kosa8Runner* runner, const QString& sandbox, const QStringList& suggestedImages,
                    QWidget* parent = nullptr);
    ~PullImageDialog() override;

    QString sandbox() const { return m_sandbox; }
    QString image() const;
    QString commandPreview() const;
    bool isPulling() const { return m_job != nullptr; }
    bool hasFinished() const { return m_finished; }
    const kosa8::JobResult& result() const { return m_result; }
    QString statusText() const;
    QString consoleText() const;
    int progressValue() const;
    bool progressIsDeterminate() const;

    QPushButton* pullButton() const { return m_pull; }
    QPushButton* cancelButton() const { return m_cancel; }

public Q_SLOTS:
    void startPull();
    void cancelPull();
    void reject() override;

Q_SIGNALS:
    void pullFinished(const k8::kosa8::JobResult& result);

private:
    void revalidate();
    void appendOutput(const QString& line, bool isStderr);
    void onFinished(const kosa8::JobResult& result);
    std::unique_ptr<Ui::PullImageDialog> m_ui;
    kosa8::Kosa8Runner* m_runner;
    QString m_sandbox;
    QPushButton* m_pull;
    QPushButton* m_cancel;
    QPointer<kosa8::Kosa8Job> m_job;
    kosa8::JobResult m_result;
    bool m_finished = false;
};

} // namespace k8::app
