// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "history/AuditFilter.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLineEdit;
class QTimer;

namespace k8::app {

// The history's filter bar: free text (debounced, so typing never waits for the filter), actor,
// action, sandbox, source, decided by, and a time range. filterChanged() carries the whole filter.
class HistoryFilterBar : public QWidget
{
    Q_OBJECT
public:
    static constexpr int TypingDelayMs = 150;

    // Wide: two rows for the History page. Narrow: two columns, for the inbox's strip beside the
    // review, where the wide rows crushed every box to two letters ("Ar", "de", "Fro").
    enum class Shape
    {
        Wide,
        Narrow
    };

    explicit HistoryFilterBar(QWidget* parent = nullptr, Shape shape = Shape::Wide);

    history::AuditFilter filter() const;
    // The values the combo boxes offer (the store's names after a load); the current choice stays.
    void setChoices(const QStringList& actors, const QStringList& actions, const QStringList& sandboxes,
                    const QStringList& decidedBy);
    // Back to "everything".
    void clear();
    // Shows only the app's decisions (the inbox's view of the history).
    void showDecisionsOnly();

    QLineEdit* textField() const { return m_text; }
    QComboBox* actorBox() const { return m_actor; }
    QComboBox* actionBox() const { return m_action; }
    QComboBox* sandboxBox() const { return m_sandbox; }
    QComboBox* sourceBox() const { return m_source; }
    QComboBox* decidedByBox() const { return m_decidedBy; }

Q_SIGNALS:
    void filterChanged(const k8::history::AuditFilter& filter);

private:
    void emitNow();
    static void fill(QComboBox* box, const QStringList& values);

    QLineEdit* m_text;
    QComboBox* m_actor;
    QComboBox* m_action;
    QComboBox* m_sandbox;
    QComboBox* m_source;
    QComboBox* m_decidedBy;
    QCheckBox* m_fromOn;
    QDateTimeEdit* m_from;
    QCheckBox* m_toOn;
    QDateTimeEdit* m_to;
    QTimer* m_typing;
    bool m_quiet = false;
};

} // namespace k8::app
