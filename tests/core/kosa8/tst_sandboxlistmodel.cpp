// SPDX-License-Identifier: Apache-2.0
#include "kosa8/SandboxListModel.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace k8::kosa8;

namespace {

Sandbox sandbox(const QString& name, const QString& status = u"running"_s, const QString& egress = u"deny"_s)
{
    Sandbox s;
    s.name = name;
    s.status = status;
    s.egress = EgressPolicy::parse(egress);
    s.createdText = u"2024-05-01T12:00:00Z"_s;
    s.created = QDateTime::fromString(s.createdText, Qt::ISODate);
    return s;
}

QStringList names(const SandboxListModel& model)
{
    QStringList result;
    for (int row = 0; row < model.rowCount(); ++row)
        result.append(model.index(row, SandboxListModel::NameColumn).data().toString());
    return result;
}

} // namespace

class TestSandboxListModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void displayAndRoles();
    void refreshUpdatesInPlace();
    void selectionSurvivesRemovalAndInsertion();
    void duplicatesAndEmpty();
    void annotationDescribesTheNameOnly();
};

void TestSandboxListModel::displayAndRoles()
{
    SandboxListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    Sandbox web = sandbox(u"web"_s, u"running"_s, u"allow:pypi.org,files.pythonhosted.org,github.com"_s);
    web.images = {u"python:3.12-slim"_s, u"alpine:3.19"_s};
    Sandbox odd = sandbox(u"odd"_s, u"upgrading"_s, u"proxy:corp"_s);
    odd.created = {};
    odd.createdText = u"yesterday"_s;
    model.setSandboxes({web, odd});

    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(SandboxListModel::ColumnCount));
    auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role);
    };
    QCOMPARE(cell(0, SandboxListModel::NameColumn).toString(), u"web"_s);
    QCOMPARE(cell(0, SandboxListModel::StatusColumn).toString(), u"running"_s);
    QCOMPARE(cell(0, SandboxListModel::EgressColumn).toString(), u"Allow: pypi.org and 2 more"_s);
    QCOMPARE(cell(0, SandboxListModel::EgressColumn, Qt::ToolTipRole).toString(),
             u"allow:pypi.org,files.pythonhosted.org,github.com"_s);
    QCOMPARE(cell(0, SandboxListModel::ImagesColumn).toString(), u"python:3.12-slim, alpine:3.19"_s);
    QCOMPARE(cell(0, SandboxListModel::CreatedColumn).toString(),
             QLocale().toString(web.created.toLocalTime(), QLocale::ShortFormat));
    QCOMPARE(cell(0, SandboxListModel::CreatedColumn, Qt::ToolTipRole).toString(), u"2024-05-01T12:00:00Z"_s);
    QCOMPARE(cell(0, SandboxListModel::StatusColumn, SandboxListModel::SandboxNameRole).toString(), u"web"_s);
    QCOMPARE(cell(0, SandboxListModel::NameColumn, SandboxListModel::StatusRole).toString(), u"running"_s);
    QCOMPARE(cell(0, SandboxListModel::NameColumn, SandboxListModel::EgressRawRole).toString(),
             u"allow:pypi.org,files.pythonhosted.org,github.com"_s);

    QCOMPARE(cell(1, SandboxListModel::StatusColumn).toString(), u"upgrading"_s);
    QCOMPARE(cell(1, SandboxListModel::EgressColumn).toString(), u"proxy:corp"_s);
    QCOMPARE(cell(1, SandboxListModel::CreatedColumn).toString(), u"yesterday"_s);
    QCOMPARE(cell(1, SandboxListModel::ImagesColumn).toString(), QString());

    QCOMPARE(model.headerData(SandboxListModel::NameColumn, Qt::Horizontal).toString(), u"Name"_s);
    QCOMPARE(model.headerData(SandboxListModel::EgressColumn, Qt::Horizontal).toString(), u"Egress"_s);
    QCOMPARE(model.headerData(SandboxListModel::CreatedColumn, Qt::Horizontal).toString(), u"Created"_s);
    QVERIFY(!model.index(5, 0).data().isValid());
    QCOMPARE(model.find(u"odd"_s)->status, u"upgrading"_s);
    QCOMPARE(model.find(u"none"_s), nullptr);
    QCOMPARE(model.rowOf(u"odd"_s), 1);
}

void TestSandboxListModel::refreshUpdatesInPlace()
{
    SandboxListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSandboxes({sandbox(u"a"_s), sandbox(u"b"_s), sandbox(u"c"_s)});

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

    // The same list again: nothing to say.
    model.setSandboxes({sandbox(u"a"_s), sandbox(u"b"_s), sandbox(u"c"_s)});
    QCOMPARE(changed.count() + inserted.count() + removed.count() + reset.count(), 0);

    // One status changes: only that row, all its columns.
    model.setSandboxes({sandbox(u"a"_s), sandbox(u"b"_s, u"stopped"_s), sandbox(u"c"_s)});
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).value<QModelIndex>(), model.index(1, 0));
    QCOMPARE(changed.first().at(1).value<QModelIndex>(), model.index(1, SandboxListModel::ColumnCount - 1));
    QCOMPARE(model.index(1, SandboxListModel::StatusColumn).data().toString(), u"stopped"_s);

    // An egress change is a change too.
    model.setSandboxes(
        {sandbox(u"a"_s, u"running"_s, u"allow:x.org"_s), sandbox(u"b"_s, u"stopped"_s), sandbox(u"c"_s)});
    QCOMPARE(changed.count(), 2);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(names(model), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
}

void TestSandboxListModel::selectionSurvivesRemovalAndInsertion()
{
    SandboxListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSandboxes({sandbox(u"a"_s), sandbox(u"b"_s), sandbox(u"c"_s)});
    // What a selection model holds on to.
    const QPersistentModelIndex selected(model.index(2, SandboxListModel::NameColumn));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

    // "b" is gone, "d" is new, and kosa8 printed them in another order.
    model.setSandboxes({sandbox(u"d"_s), sandbox(u"c"_s), sandbox(u"a"_s)});
    QCOMPARE(reset.count(), 0);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 1);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 2);
    QCOMPARE(names(model), (QStringList{u"a"_s, u"c"_s, u"d"_s}));
    QVERIFY(selected.isValid());
    QCOMPARE(selected.data().toString(), u"c"_s);
    QCOMPARE(selected.row(), 1);

    // The selected one itself disappears: the persistent index becomes invalid, not wrong.
    model.setSandboxes({sandbox(u"a"_s), sandbox(u"d"_s)});
    QVERIFY(!selected.isValid());
    QCOMPARE(model.rowOf(u"d"_s), 1);
}

void TestSandboxListModel::duplicatesAndEmpty()
{
    SandboxListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSandboxes({sandbox(u"a"_s), sandbox(u"a"_s, u"stopped"_s), sandbox(u"b"_s)});
    QCOMPARE(names(model), (QStringList{u"a"_s, u"b"_s}));
    QCOMPARE(model.find(u"a"_s)->status, u"running"_s);
    model.setSandboxes({});
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.sandboxes().isEmpty());
}

// Issue 28: a trial's copy is said to be one in the name's tooltip and accessible description;
// its name stays the name, and the other sandboxes say nothing.
void TestSandboxListModel::annotationDescribesTheNameOnly()
{
    SandboxListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSandboxes({sandbox(u"box"_s), sandbox(u"box-fork1"_s)});
    QSignalSpy changed(&model, &SandboxListModel::dataChanged);
    model.setAnnotation(
        [](const QString& name) { return name.endsWith(u"-fork1"_s) ? u"a trial copy"_s : QString(); });
    QCOMPARE(changed.count(), 1);
    const QModelIndex copy = model.index(model.rowOf(u"box-fork1"_s), SandboxListModel::NameColumn);
    QCOMPARE(copy.data(Qt::ToolTipRole).toString(), u"a trial copy"_s);
    QCOMPARE(copy.data(Qt::AccessibleDescriptionRole).toString(), u"a trial copy"_s);
    QCOMPARE(copy.data().toString(), u"box-fork1"_s);
    const QModelIndex plain = model.index(model.rowOf(u"box"_s), SandboxListModel::NameColumn);
    QCOMPARE(plain.data(Qt::ToolTipRole).toString(), QString());
    QCOMPARE(plain.data(Qt::AccessibleDescriptionRole).toString(), QString());
}

QTEST_GUILESS_MAIN(TestSandboxListModel)
#include "tst_sandboxlistmodel.moc"
