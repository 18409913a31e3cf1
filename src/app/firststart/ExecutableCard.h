// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "firststart/FirstStartCard.h"
#include "kosa8/ConnectionProfile.h"

#include <QFileDialog>
#include <QPointer>

class QLabel;
class QLineEdit;
class QPushButton;

namespace k8::kosa8 {
class Kosa8Runner;
struct JobResult;
struct VersionInfo;
} // namespace k8::kosa8

namespace k8::app {

class CommandPreviewField;
class VersionCheck;

// "Use an executable": a path field and a file dialog to point at kosa8, checked with
// `kosa8 version` (the exact command shown), and "Use this executable" once that check worked
// for the path in the field (and only then: editing the path takes the offer back).
class ExecutableCard : public FirstStartCard
{
    Q_OBJECT
public:
    explicit ExecutableCard(const kosa8::Kosa8Runner* appRunner, QWidget* parent = nullptr);

    QLineEdit* pathEdit() const { return m_path; }
    QPushButton* browseButton() const { return m_browse; }
    QPushButton* checkButton() const { return m_check; }
    QPushButton* useButton() const { return m_use; }
    CommandPreviewField* previewField() const { return m_preview; }
    QString resultText() const;
    // The file dialog while it is open (null otherwise).
    QFileDialog* fileDialog() const { return m_dialog; }
    // The path whose check worked and is still in the field; empty otherwise.
    QString workingExecutable() const { return m_working; }

public Q_SLOTS:
    void browse();
    // Checks the path in the field.
    void check();

Q_SIGNALS:
    void executableChosen(const QString& path);
    // A check ended; `path` is empty when it failed.
    void workingExecutableChanged(const QString& path);

private:
    kosa8::ConnectionProfile connectionFor(const QString& path) const;
    void onPathEdited();
    void onChecked(const kosa8::JobResult& result, const kosa8::VersionInfo& version);
    void setWorking(const QString& path);
    const kosa8::Kosa8Runner* m_appRunner;
    VersionCheck* m_versionCheck;
    QLineEdit* m_path;
    QPushButton* m_browse;
    QPushButton* m_check;
    CommandPreviewField* m_preview;
    QLabel* m_result;
    QPushButton* m_use;
    QPointer<QFileDialog> m_dialog;
    QString m_checking; // the path the running check is for
    QString m_working;
};

} // namespace k8::app
