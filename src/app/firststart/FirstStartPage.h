// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace k8::kosa8 {
class Kosa8Runner;
}

namespace k8::app {

class ExecutableCard;
class RemoteWorkerCard;

// The page the main window shows while kosa8 is not found: what kosa8 is, and the two ways to
// connect, side by side: a kosa8 on this computer (ExecutableCard; the local daemon on Apple
// silicon, or the client on Linux and Intel Macs) and a remote worker (RemoteWorkerCard). Once
// kosa8 works it says so and offers the code-sandbox set-up and the sandboxes. A line says that
// the inbox works meanwhile. The page only asks: the window decides what a choice changes.
class FirstStartPage : public QWidget
{
    Q_OBJECT
public:
    explicit FirstStartPage(const kosa8::Kosa8Runner* appRunner, QWidget* parent = nullptr);

    // kosa8 is not found; `tried` names what was looked for (plain text).
    void setMissing(const QString& tried);
    // kosa8 answers (`summary` as in the status bar): the set-up and the sandboxes are offered.
    // `serverAnswered`: its daemon or worker answered too.
    void setFound(const QString& summary, bool serverAnswered);
    // kosa8 was started but failed (`summary` as in the status bar; the health panel says more).
    void setNotAnswering(const QString& summary);
    bool isFound() const { return m_found; }

    ExecutableCard* executableCard() const { return m_executable; }
    RemoteWorkerCard* remoteWorkerCard() const { return m_remote; }
    QPushButton* setupButton() const { return m_setup; }
    QPushButton* sandboxesButton() const { return m_sandboxes; }
    QPushButton* inboxButton() const { return m_inbox; }
    QString statusText() const;
    QString inboxText() const;

Q_SIGNALS:
    // "Use this executable"; also just before remoteProfileRequested() when the executable card
    // holds a client that checked out (the remote test ran it).
    void executableChosen(const QString& path);
    void remoteProfileRequested(const QString& name, const QString& host, const QString& token);
    void setupRequested();
    void sandboxesRequested();
    void inboxRequested();

private:
    QWidget* buildIntro();
    QWidget* buildNextSteps();
    ExecutableCard* m_executable;
    RemoteWorkerCard* m_remote;
    QLabel* m_status = nullptr;
    QLabel* m_inboxLine = nullptr;
    QPushButton* m_setup = nullptr;
    QPushButton* m_sandboxes = nullptr;
    QPushButton* m_inbox = nullptr;
    bool m_found = false;
};

} // namespace k8::app
