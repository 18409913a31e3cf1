// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/CommandProfileDocument.h"

#include <QAbstractTableModel>

namespace k8::app {

// The entries of the command profile file for the editor's table: one row per entry (operations,
// fragments, interpreters), with what it is for, its built-in and its current argv, and whether
// it is overridden or invalid (the problem itself in the Status column). Owns the document; every
// change goes through here so the rows follow.
class CommandProfileEntriesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        KeyColumn,
        PurposeColumn,
        BuiltInColumn,
        CurrentColumn,
        StatusColumn,
        ColumnCount
    };
    enum Role
    {
        ProblemRole = Qt::UserRole + 1, // QString, empty when the entry is valid
        OverriddenRole,                 // bool
    };

    explicit CommandProfileEntriesModel(QObject* parent = nullptr);

    const kosa8::CommandProfileDocument& document() const { return m_document; }
    void setDocument(const kosa8::CommandProfileDocument& document);

    void setWords(int row, const QStringList& words);
    // Returns true when the row left the model (an entry with no built-in template).
    bool resetEntry(int row);
    void resetAll();
    void dropUnreadableParts();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // Any entry changed (edited, reset, reloaded): the dialog re-checks Save.
    void documentChanged();

private:
    QString statusText(int row) const;

    kosa8::CommandProfileDocument m_document;
};

} // namespace k8::app
