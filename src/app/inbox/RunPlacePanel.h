// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/review/ReviewState.h"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace k8::kosa8 {
class SandboxListModel;
}

namespace k8::app {

// "Where it runs" for a `run` request: the sandbox (chosen from the sandbox list), its network
// policy in words with every allowed host in full, the image and whether it is pulled in that
// sandbox, and the exact checkpoint taken before the run. An unknown sandbox, an image that is not
// pulled there, or a sandbox list not read yet is shown in the error colour; the rule that such a
// run cannot be approved lives in agent::ReviewState (runProblem()), fed with facts() by the view.
//
// Sandbox and image names come from the agent: they are shown as plain text only.
class RunPlacePanel : public QWidget
{
    Q_OBJECT
public:
    explicit RunPlacePanel(QWidget* parent = nullptr);

    // Where the sandboxes, their policies and their images come from (optional: without a list,
    // nothing is known and the run is refused).
    void setSandboxModel(kosa8::SandboxListModel* model);
    // What the sandbox list says, for agent::ReviewState::setRunPlaceFacts().
    agent::RunPlaceFacts facts() const;

    // Shows where the state's run goes. Does not emit sandboxChosen()/imageChosen().
    void showState(const agent::ReviewState& state);
    // An ended request: everything stays readable, nothing can be changed.
    void setReadOnly(bool readOnly);

    QComboBox* sandboxCombo() const { return m_sandboxCombo; }
    QComboBox* imageCombo() const { return m_imageCombo; }
    QLineEdit* imageEdit() const;
    // The texts shown (for tests and the screen reader).
    QString networkText() const;
    QString imageStatusText() const;
    QString problemText() const;
    QString checkpointText() const;

Q_SIGNALS:
    // The person picked or typed another sandbox or image.
    void sandboxChosen(const QString& name);
    void imageChosen(const QString& image);
    // The sandbox list was read or changed: facts() may have changed.
    void sandboxesChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // Wrapped labels need more lines when the panel narrows; the layouts above it size it from its
    // size hint, so it asks for the height its width needs (nothing is cut off).
    void fitHeightToWidth();
    void fillSandboxNames(const QString& wanted);
    void fillImages(const QString& sandbox, const QString& wanted);
    void showNetwork(const QString& sandbox);
    void showImageStatus(const QString& sandbox, const QString& image);
    static void setWarning(QLabel* label, bool warning);

    QPointer<kosa8::SandboxListModel> m_sandboxes;
    QComboBox* m_sandboxCombo;
    QLabel* m_statusLabel;
    QLabel* m_networkLabel;
    QComboBox* m_imageCombo;
    QLabel* m_imageStatusLabel;
    QLabel* m_checkpointLabel;
    QLabel* m_problemLabel;
    bool m_loading = false;
};

} // namespace k8::app
