// SPDX-License-Identifier: Apache-2.0
#include "widgets/DialogHeight.h"

#include <QEvent>
#include <QLayout>
#include <QScreen>
#include <QWidget>

namespace k8::app {

namespace {

class DialogHeightKeeper : public QObject
{
public:
    explicit DialogHeightKeeper(QWidget* dialog)
        : QObject(dialog)
        , m_dialog(dialog)
    {
        setObjectName(QLatin1String(ObjectName));
        dialog->installEventFilter(this);
    }

    static constexpr const char* ObjectName = "dialogHeightKeeper";

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_dialog && event->type() == QEvent::LayoutRequest && m_dialog->isVisible())
            growToLayout();
        return QObject::eventFilter(watched, event);
    }

private:
    void growToLayout()
    {
        QLayout* layout = m_dialog->layout();
        if (!layout || !layout->hasHeightForWidth())
            return;
        layout->activate(); // the sizes below as of the change that asked for a new layout
        int wanted = layout->totalHeightForWidth(m_dialog->width());
        if (const QScreen* screen = m_dialog->screen()) {
            const int frame = m_dialog->frameGeometry().height() - m_dialog->height();
            wanted = qMin(wanted, screen->availableGeometry().height() - frame);
        }
        if (wanted > m_dialog->height())
            m_dialog->resize(m_dialog->width(), wanted);
    }

    QWidget* m_dialog;
};

} // namespace

void keepDialogHighEnough(QWidget* dialog)
{
    if (dialog->findChild<DialogHeightKeeper*>(QLatin1String(DialogHeightKeeper::ObjectName),
                                               Qt::FindDirectChildrenOnly))
        return;
    new DialogHeightKeeper(dialog);
}

} // namespace k8::app
