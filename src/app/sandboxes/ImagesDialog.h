// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/JobResult.h"
#include "kosa8/Kosa8Runner.h"
#include "kosa8/Types.h"

#include <QDialog>
#include <QPointer>

#include <memory>

class QTableWidget;

namespace k8::app {

namespace Ui {
class ImagesDialog;
}

// The images in one sandbox (`sandbox images NAME`), read by header name; unreadable lines are
// listed under the table rather than dropped.
class ImagesDialog : public QDialog
{
    Q_OBJECT
public:
    ImagesDialog(kosa8::Kosa8Runner* runner, const QString& sandbox, QWidget* parent = nullptr);
    ~ImagesDialog() override;

    QTableWidget* table() const;
    QString statusText() const;
    bool isLoading() const { return m_job != nullptr; }

public Q_SLOTS:
    void reload();

Q_SIGNALS:
    void loaded();

private:
    void onFinished(const kosa8::JobResult& result);
    // The fixed layout (ui/sandboxes/ImagesDialog.ui).
    std::unique_ptr<Ui::ImagesDialog> m_ui;
    kosa8::Kosa8Runner* m_runner;
    QString m_sandbox;
    QPointer<kosa8::Kosa8Job> m_job;
};

} // namespace k8::app
