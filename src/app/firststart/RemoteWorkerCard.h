// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "firststart/FirstStartCard.h"
#include "firststart/RemoteWorkerInput.h"
#include "kosa8/ConnectionProfile.h"

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

// "Add a remote worker": name, host and token (a password field with a reveal button), checked
// as typed (RemoteWorkerInput), a Test that runs `kosa8 version` with KOSA8_HOST and KOSA8_TOKEN
// set (the preview masks the token), and "Add this worker". The test runs the kosa8 client the
// page knows works (setClientExecutable()), else the app's configured one.
class RemoteWorkerCard : public FirstStartCard
{
    Q_OBJECT
public:
    explicit RemoteWorkerCard(const kosa8::Kosa8Runner* appRunner, QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* hostEdit() const { return m_host; }
    QLineEdit* tokenEdit() const { return m_token; }
    QAction* revealTokenAction() const { return m_reveal; }
    QPushButton* testButton() const { return m_test; }
    QPushButton* addButton() const { return m_add; }
    CommandPreviewField* previewField() const { return m_preview; }
    QString problemText() const;
    QString resultText() const;

    RemoteWorkerInput input() const;
    // The kosa8 client to test with; empty: the app's configured executable.
    void setClientExecutable(const QString& path);

public Q_SLOTS:
    void test();

Q_SIGNALS:
    void remoteProfileRequested(const QString& name, const QString& host, const QString& token);

private:
    kosa8::ConnectionProfile connectionFor(const RemoteWorkerInput& input) const;
    void revalidate();
    void onTested(const kosa8::JobResult& result, const kosa8::VersionInfo& version);
    const kosa8::Kosa8Runner* m_appRunner;
    VersionCheck* m_versionCheck;
    QString m_client;
    QLineEdit* m_name;
    QLineEdit* m_host;
    QLineEdit* m_token;
    QAction* m_reveal;
    QLabel* m_problem;
    CommandPreviewField* m_preview;
    QLabel* m_result;
    QPushButton* m_test;
    QPushButton* m_add;
};

} // namespace k8::app
