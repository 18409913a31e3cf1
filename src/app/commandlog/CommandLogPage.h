// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QCheckBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace k8::app {

class CommandLogModel;

// The "Command log" page: every kosa8 command the app ran, with its outcome; selecting one shows
// its stdout and stderr; the command can be copied to paste in a terminal.
class CommandLogPage : public QWidget
{
    Q_OBJECT
public:
    explicit CommandLogPage(CommandLogModel* model, QWidget* parent = nullptr);

    QTableView* view() const { return m_view; }
    // "Show list refreshes" (off by default): successful list and status reads, see
    // CommandLogModel::isRoutine().
    QCheckBox* routineToggle() const { return m_showRoutine; }
    QPlainTextEdit* detailsView() const { return m_details; }
    // The command of the selected entry (empty when none).
    QString selectedCommand() const;

public Q_SLOTS:
    void copySelectedCommand();
    void selectRow(int sourceRow);

private:
    void showSelected();
    int selectedSourceRow() const;
    CommandLogModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QCheckBox* m_showRoutine;
    QLineEdit* m_filter;
    QTableView* m_view;
    QPlainTextEdit* m_details;
    QPushButton* m_copy;
    QPushButton* m_clear;
};

} // namespace k8::app
