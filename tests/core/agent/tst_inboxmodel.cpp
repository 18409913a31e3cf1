// SPDX-License-Identifier: Apache-2.0
#include "agent/review/InboxModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace k8::agent;

namespace {

Request makeRequest(quint64 key, Method method, const QString& agent, qint64 ageS)
{
    Request request;
    request.key = key;
    request.method = method;
    request.agent = agent;
    request.title = QStringLiteral("Title %1").arg(key);
    request.shape = method == Method::Run ? PayloadShape::Run : PayloadShape::Generic;
    request.receivedAt = QDateTime::currentDateTimeUtc().addSecs(-ageS);
    request.run.sandbox = QStringLiteral("analysis");
    return request;
}

} // namespace

class TestInboxModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsColumnsAndRoles()
    {
        InboxModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.append(makeRequest(7, Method::Review, QStringLiteral("bot-a"), 5));
        model.append(makeRequest(9, Method::Run, QStringLiteral("bot-b"), 180));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(InboxModel::ColumnCount));
        QCOMPARE(model.count(), 2);

        // Oldest first.
        QCOMPARE(model.keyAt(0), quint64(7));
        QCOMPARE(model.keyAt(1), quint64(9));
        QCOMPARE(model.rowOf(9), 1);
        QCOMPARE(model.rowOf(8), -1);
        QCOMPARE(model.keyAt(5), quint64(0));

        QCOMPARE(model.data(model.index(1, InboxModel::AgentColumn)).toString(), QStringLiteral("bot-b"));
        QCOMPARE(model.data(model.index(1, InboxModel::TitleColumn)).toString(), QStringLiteral("Title 9"));
        // What the request is, in a reviewer's words rather than the protocol's method name.
        QCOMPARE(model.data(model.index(1, InboxModel::MethodColumn)).toString(),
                 QStringLiteral("sandbox run"));
        QCOMPARE(model.data(model.index(0, InboxModel::MethodColumn)).toString(), QStringLiteral("question"));
        QCOMPARE(model.data(model.index(1, InboxModel::AgeColumn)).toString(), QStringLiteral("3 min"));
        QCOMPARE(model.data(model.index(0, InboxModel::AgeColumn)).toString(), QStringLiteral("5 s"));
        // Only runs have a sandbox.
        QCOMPARE(model.data(model.index(1, InboxModel::SandboxColumn)).toString(),
                 QStringLiteral("analysis"));
        QCOMPARE(model.data(model.index(0, InboxModel::SandboxColumn)).toString(), QString());

        QCOMPARE(model.data(model.index(1, 0), InboxModel::KeyRole).toULongLong(), 9ull);
        QCOMPARE(model.data(model.index(1, 0), InboxModel::ShapeRole).toString(), QStringLiteral("run"));
        QVERIFY(model.data(model.index(0, 0), InboxModel::ReceivedAtRole).toDateTime().isValid());
        QCOMPARE(model.headerData(InboxModel::AgentColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Agent"));
        QCOMPARE(model.headerData(InboxModel::AgeColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Waiting"));

        QVERIFY(model.find(7));
        QCOMPARE(model.find(7)->agent, QStringLiteral("bot-a"));
        QVERIFY(!model.find(100));
    }

    void removeAndRefresh()
    {
        InboxModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        for (quint64 key = 1; key <= 3; ++key)
            model.append(makeRequest(key, Method::Review, QStringLiteral("bot"), 1));
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QVERIFY(model.remove(2));
        QVERIFY(!model.remove(2));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 1);
        QCOMPARE(model.keyAt(1), quint64(3));

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.refreshAges();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().column(), int(InboxModel::AgeColumn));
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 1);

        InboxModel empty;
        QSignalSpy none(&empty, &QAbstractItemModel::dataChanged);
        empty.refreshAges();
        QCOMPARE(none.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestInboxModel)
#include "tst_inboxmodel.moc"
