// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace k8::app {

// A list of short strings (egress hosts, host mounts) with an input line, Add and Remove.
// Every entry is checked by `validator` (empty string: fine, else the message to show), the
// message appears inline and Add stays disabled while the input is invalid.
class ValidatedListEditor : public QWidget
{
    Q_OBJECT
public:
    using Validator = std::function<QString(const QString&)>;

    explicit ValidatedListEditor(QWidget* parent = nullptr);

    void setValidator(Validator validator);
    void setPlaceholderText(const QString& text);
    void setItemKind(const QString& kindForAccessibility);

    QStringList items() const;
    void setItems(const QStringList& items);
    // The text typed but not added yet (so a dialog can add it on OK rather than lose it).
    QString pendingText() const;
    // Empty when the pending text is empty or valid; the message otherwise.
    QString pendingProblem() const;
    // Adds the pending text if it is valid; returns false with nothing changed otherwise.
    bool addPending();

    QLineEdit* input() const { return m_input; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    QListWidget* list() const { return m_list; }
    QLabel* messageLabel() const { return m_message; }

Q_SIGNALS:
    void itemsChanged();
    // The pending text changed (its validity may have).
    void pendingChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateState();
    Validator m_validator;
    QLineEdit* m_input;
    QPushButton* m_add;
    QPushButton* m_remove;
    QListWidget* m_list;
    QLabel* m_message;
};

} // namespace k8::app
