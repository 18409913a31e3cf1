// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kosa8/Types.h"

#include <QAbstractTableModel>

#include <functional>

namespace k8::kosa8 {

// The sandbox list, from parsed `sandbox ls`. Views stay thin: they show this model.
// setSandboxes() updates in place by name (rows for unchanged names keep their index), so the
// selection survives a refresh.
class SandboxListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        StatusColumn,
        EgressColumn,
        ImagesColumn,
        CreatedColumn,
        ColumnCount
    };
    enum Role
    {
        SandboxNameRole = Qt::UserRole + 1,
        StatusRole,
        EgressRawRole
    };

    explicit SandboxListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // `unreadableLines`: how many lines of kosa8's list could not be read as a sandbox (the list
    // is then partial: a sandbox may hide behind one of them).
    void setSandboxes(const QList<Sandbox>& sandboxes, int unreadableLines = 0);
    // Forgets the list (a model reset) and makes it unknown again (isLoaded() false): the
    // connection changed, so what was listed says nothing about what the new one holds.
    void clear();
    const QList<Sandbox>& sandboxes() const { return m_sandboxes; }
    const Sandbox* find(const QString& name) const;
    int rowOf(const QString& name) const;
    // Whether setSandboxes() was called at least once: an empty list that was read is known to be
    // empty, one that was never read is unknown (the review refuses a run until then).
    bool isLoaded() const { return m_loaded; }
    // Lines of the last list that could not be read (0: the list is whole).
    int unreadableLines() const { return m_unreadableLines; }
    // What the app itself knows of a sandbox beyond kosa8's list (a trial's throwaway copy), by
    // name; empty for most. Shown as the name's tooltip and accessible description; the name
    // itself stays the name (combo boxes and the filter read it).
    void setAnnotation(std::function<QString(const QString& name)> annotation);

Q_SIGNALS:
    // setSandboxes() finished, whether or not anything changed.
    void listed();

private:
    QList<Sandbox> m_sandboxes;
    bool m_loaded = false;
    int m_unreadableLines = 0;
    std::function<QString(const QString&)> m_annotation;
};

} // namespace k8::kosa8
