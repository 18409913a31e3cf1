// SPDX-License-Identifier: Apache-2.0
#include "widgets/MessageArea.h"

#include <QtTest>

using k8::app::MessageArea;
using k8::app::UserMessage;

namespace {
UserMessage message(const QString& title, const QString& key = {}, const QString& details = {})
{
    UserMessage m;
    m.title = title;
    m.text = QStringLiteral("text of ") + title;
    m.key = key;
    m.details = details;
    return m;
}
} // namespace

class TestMessageArea : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hiddenUntilAMessageArrives()
    {
        QWidget window;
        auto* area = new MessageArea(&window);
        window.show();
        QVERIFY(area->isHidden());
        area->post(message(QStringLiteral("One")));
        QVERIFY(area->isVisible());
        QCOMPARE(area->cards().first()->titleText(), QStringLiteral("One"));
        QCOMPARE(area->cards().first()->bodyText(), QStringLiteral("text of One"));
    }

    void sameKeyRepeatsInsteadOfStacking()
    {
        MessageArea area;
        area.post(message(QStringLiteral("Could not list sandboxes"), QStringLiteral("ls")));
        area.post(message(QStringLiteral("Could not list sandboxes"), QStringLiteral("ls")));
        area.post(message(QStringLiteral("Could not list sandboxes"), QStringLiteral("ls")));
        QCOMPARE(area.count(), 1);
        QCOMPARE(area.cards().first()->repeatCount(), 3);
        QCOMPARE(area.cards().first()->titleText(), QStringLiteral("Could not list sandboxes (3 times)"));
        area.clearKey(QStringLiteral("ls"));
        QCOMPARE(area.count(), 0);
    }

    void oldestDropOffAtTheLimit()
    {
        MessageArea area;
        for (int i = 0; i < MessageArea::MaxCards + 2; ++i)
            area.post(message(QStringLiteral("m%1").arg(i)));
        QCOMPARE(area.count(), MessageArea::MaxCards);
        QCOMPARE(area.cards().first()->titleText(), QStringLiteral("m%1").arg(MessageArea::MaxCards + 1));
    }

    void detailsOnRequestAndDismiss()
    {
        QWidget window;
        auto* area = new MessageArea(&window);
        window.show();
        area->post(message(QStringLiteral("With details"), {}, QStringLiteral("line 3: garbage")));
        auto* card = area->cards().first();
        QVERIFY(!card->detailsVisible());
        card->setDetailsVisible(true);
        QVERIFY(card->detailsVisible());
        QCOMPARE(card->detailsText(), QStringLiteral("line 3: garbage"));
        Q_EMIT card->dismissed(card);
        QCOMPARE(area->count(), 0);
        QVERIFY(area->isHidden());
    }
};

QTEST_MAIN(TestMessageArea)
#include "tst_messagearea.moc"
