// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QPlainTextEdit;
class QToolButton;

namespace k8::app {

// The exact kosa8 command an action runs, read-only in monospace with a Copy button. Used by
// every dialog that runs kosa8, so "show me the command" looks and works the same everywhere.
// The whole command is in view: a long one wraps onto as many lines as it takes (up to a few,
// then it scrolls), where a one-line field hid its end, the part that names what it acts on.
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

    // The text field itself: a label's buddy, a step of a dialog's Tab order.
    QPlainTextEdit* textField() const { return m_text; }
    QToolButton* copyButton() const { return m_copy; }

    // Lines the field grows to before it scrolls.
    static constexpr int MostLines = 6;

public Q_SLOTS:
    void copyToClipboard();

private:
    void showText(const QString& text);

    QPlainTextEdit* m_text;
    QToolButton* m_copy;
    QString m_command;
    bool m_available = false;
};

} // namespace k8::app
