// SPDX-License-Identifier: Apache-2.0
#include "widgets/SelectOnFocus.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QItemSelectionModel>
#include <QTimer>

namespace k8::app {

namespace {

class FocusSelector : public QObject
{
public:
    explicit FocusSelector(QAbstractItemView* view)
        : QObject(view)
        , m_view(view)
    {
        view->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_view && event->type() == QEvent::FocusIn) {
            // After the view's own focus handling, which makes a row current.
            QTimer::singleShot(0, this, [this] {
                QItemSelectionModel* selection = m_view->selectionModel();
                if (!selection || selection->hasSelection() || !m_view->hasFocus())
                    return;
                QModelIndex current = selection->currentIndex();
                if (!current.isValid() && m_view->model() && m_view->model()->rowCount() > 0)
                    current = m_view->model()->index(0, 0);
                if (current.isValid())
                    selection->setCurrentIndex(current, QItemSelectionModel::ClearAndSelect |
                                                            QItemSelectionModel::Rows);
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QAbstractItemView* m_view;
};

} // namespace

void selectCurrentRowOnFocus(QAbstractItemView* view)
{
    new FocusSelector(view);
}

} // namespace k8::app
