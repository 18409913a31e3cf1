// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLineEdit;
class QToolButton;

namespace k8::app {

// The exact kosa8 command an action runs, read-only in monospace with a Copy button. Used by
// every dialog that runs kosa8, so "show me the command" looks and works the same everywhere.
class CommandPreviewField : public QWidget
{
    Q_OBJECT
public:
    explicit CommandPreviewField(QWidget* parent = nullptr);

    void setCommand(const QString& command);
    QString command() const;
    // Shown instead of a command when the inputs are not valid yet (greyed, not copyable).
    void setUnavailable(const QString& reason);
    bool isAvailable() const { return m_available; }

    QLineEdit* lineEdit() const { return m_edit; }
    QToolButton* copyButton() const { return m_copy; }

public Q_SLOTS:
    void copyToClipboard();

private:
    QLineEdit* m_edit;
    QToolButton* m_copy;
    bool m_available = false;
};

} // namespace k8::app
