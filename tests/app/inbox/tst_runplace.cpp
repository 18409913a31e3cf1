// SPDX-License-Identifier: Apache-2.0
// The pieces of issue 8 that the review view puts together, each on its own: "where it runs"
// (RunPlacePanel), the countdown of a request with a timeout (CountdownLabel) and the banner of a
// request that ended in view (RequestEndBanner).
#include "agent/payload/PayloadShapes.h"
#include "agent/review/ReviewState.h"
#include "inbox/CountdownLabel.h"
#include "inbox/RequestEndBanner.h"
#include "inbox/RunPlacePanel.h"
#include "kosa8/SandboxListModel.h"
#include "style/Style.h"
#include "support/Waits.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace k8::agent;
using k8::app::CountdownLabel;
using k8::app::RequestEndBanner;
using k8::app::RunPlacePanel;
namespace kosa8 = k8::kosa8;

namespace {

Request runRequest(const QString& sandbox, const QString& image)
{
    Request request;
    RpcError error;
    RunDefaults defaults;
    defaults.sandbox = QStringLiteral("code-runner");
    if (!requestFromRun({{QStringLiteral("code"), QStringLiteral("print(1)")},
                         {QStringLiteral("sandbox"), sandbox},
                         {QStringLiteral("image"), image}},
                        QJsonValue(1), defaults, &request, &error))
        qFatal("run rejected: %s", qPrintable(error.message));
    request.key = 1;
    request.receivedAt = QDateTime::currentDateTimeUtc();
    request.run.checkpointLabel = QStringLiteral("before-1-20261201T054000Z-1");
    return request;
}

kosa8::Sandbox sandbox(const QString& name, const kosa8::EgressPolicy& egress, const QStringList& images)
{
    kosa8::Sandbox box;
    box.name = name;
    box.status = QStringLiteral("running");
    box.egress = egress;
    box.images = images;
    return box;
}

const QStringList ThreeHosts{QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org"),
                             QStringLiteral("very-long-mirror-name.internal.example.com")};

QLabel* label(QWidget* parent, const char* name)
{
    return parent->findChild<QLabel*>(QString::fromLatin1(name));
}

bool isRed(QLabel* shown)
{
    return shown->palette().color(QPalette::WindowText) == k8::app::style::errorColor();
}

} // namespace

class TestRunPlace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyHostInFull()
    {
        kosa8::SandboxListModel model;
        model.setSandboxes({sandbox(QStringLiteral("code-runner"), kosa8::EgressPolicy::allow(ThreeHosts),
                                    {QStringLiteral("python:3.12-slim")})});
        RunPlacePanel panel;
        panel.resize(420, 300); // narrow: hosts wrap, never elide
        panel.setSandboxModel(&model);
        ReviewState state(runRequest(QStringLiteral("code-runner"), QStringLiteral("python:3.12-slim")));
        state.setRunPlaceFacts(panel.facts());
        panel.showState(state);
        panel.show();
        const QString network = panel.networkText();
        QVERIFY2(network.startsWith(QLatin1String("Only these 3 hosts: ")), qPrintable(network));
        for (const QString& host : ThreeHosts)
            QVERIFY2(network.contains(host), qPrintable(network));
        QVERIFY(!network.contains(QLatin1String("+")));
        QVERIFY(label(&panel, "egressLabel")->wordWrap());
        QVERIFY(!isRed(label(&panel, "egressLabel")));
        QCOMPARE(panel.imageStatusText(), QStringLiteral("pulled in code-runner"));
        QVERIFY(!isRed(label(&panel, "imageStatusLabel")));
        QVERIFY(panel.problemText().isEmpty());
        QVERIFY2(panel.checkpointText().contains(QLatin1String("\"before-1-20261201T054000Z-1\"")),
                 qPrintable(panel.checkpointText()));
        QCOMPARE(panel.checkpointText(), state.checkpointText());
        // Wrapped to the panel's width, and given the height the wrapped lines need: nothing cut off.
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (const char* name : {"egressLabel", "checkpointLabel"}) {
            QLabel* shown = label(&panel, name);
            QTRY_VERIFY2(shown->height() >= shown->heightForWidth(shown->width()), name);
        }
    }

    void policyModesInWords_data()
    {
        QTest::addColumn<QString>("egress");
        QTest::addColumn<QString>("words");
        QTest::newRow("deny") << QStringLiteral("deny") << QStringLiteral("No network");
        QTest::newRow("any") << QStringLiteral("any") << QStringLiteral("Any host");
        QTest::newRow("fakenet") << QStringLiteral("fakenet") << QStringLiteral("Fake network");
        QTest::newRow("allow") << QStringLiteral("allow:pypi.org")
                               << QStringLiteral("Only this host: pypi.org");
    }
    void policyModesInWords()
    {
        QFETCH(QString, egress);
        QFETCH(QString, words);
        kosa8::SandboxListModel model;
        model.setSandboxes({sandbox(QStringLiteral("code-runner"), kosa8::EgressPolicy::parse(egress), {})});
        RunPlacePanel panel;
        panel.setSandboxModel(&model);
        panel.showState(
            ReviewState(runRequest(QStringLiteral("code-runner"), QStringLiteral("python:3.12-slim"))));
        QVERIFY2(panel.networkText().startsWith(words), qPrintable(panel.networkText()));
    }

    void unknownSandboxAndMissingImageAreRed()
    {
        kosa8::SandboxListModel model;
        model.setSandboxes({sandbox(QStringLiteral("code-runner"), kosa8::EgressPolicy::deny(),
                                    {QStringLiteral("python:3.12-slim")})});
        RunPlacePanel panel;
        panel.setSandboxModel(&model);
        // The agent's names are shown as text: markup stays visible as typed.
        ReviewState state(runRequest(QStringLiteral("ghost-box"), QStringLiteral("python:3.12-slim")));
        state.setRunPlaceFacts(panel.facts());
        panel.showState(state);
        QVERIFY2(panel.networkText().contains(QLatin1String("\"ghost-box\" is not in the sandbox list")),
                 qPrintable(panel.networkText()));
        QVERIFY(isRed(label(&panel, "egressLabel")));
        QVERIFY(isRed(label(&panel, "runProblemLabel")));
        QCOMPARE(panel.problemText(), state.runProblem());
        QVERIFY(!panel.problemText().isEmpty());
        // The unknown name stays in the list as the agent's choice; the known ones are offered.
        QCOMPARE(panel.sandboxCombo()->currentText(), QStringLiteral("ghost-box"));
        QVERIFY(panel.sandboxCombo()->findText(QStringLiteral("code-runner")) >= 0);

        QSignalSpy chosen(&panel, &RunPlacePanel::sandboxChosen);
        panel.sandboxCombo()->setCurrentIndex(panel.sandboxCombo()->findText(QStringLiteral("code-runner")));
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.first().at(0).toString(), QStringLiteral("code-runner"));
        state.setRunSandbox(QStringLiteral("code-runner"));
        panel.showState(state);
        QVERIFY(panel.problemText().isEmpty());
        QVERIFY(!isRed(label(&panel, "egressLabel")));

        QSignalSpy image(&panel, &RunPlacePanel::imageChosen);
        panel.imageEdit()->setText(QStringLiteral("node:22-slim"));
        QVERIFY(image.count() >= 1);
        QCOMPARE(image.last().at(0).toString(), QStringLiteral("node:22-slim"));
        state.setRunImage(QStringLiteral("node:22-slim"));
        panel.showState(state);
        QCOMPARE(panel.imageStatusText(), QStringLiteral("not pulled in code-runner"));
        QVERIFY(isRed(label(&panel, "imageStatusLabel")));
        QVERIFY2(panel.problemText().contains(QLatin1String("not pulled")), qPrintable(panel.problemText()));
        // Images pulled in the sandbox are offered to pick from.
        QCOMPARE(panel.imageCombo()->itemText(0), QStringLiteral("python:3.12-slim"));
    }

    void checkingUntilTheListIsRead()
    {
        kosa8::SandboxListModel model;
        RunPlacePanel panel;
        QSignalSpy changed(&panel, &RunPlacePanel::sandboxesChanged);
        panel.setSandboxModel(&model);
        QVERIFY(!panel.facts().loaded);
        ReviewState state(runRequest(QStringLiteral("code-runner"), QStringLiteral("python:3.12-slim")));
        state.setRunPlaceFacts(panel.facts());
        panel.showState(state);
        QCOMPARE(panel.networkText(), QStringLiteral("Checking sandboxes…"));
        QVERIFY(isRed(label(&panel, "egressLabel")));
        QVERIFY(panel.problemText().startsWith(QLatin1String("The sandbox list has not been read yet")));
        changed.clear();
        // Even an empty list, once read, is known: the panel says the list changed.
        model.setSandboxes({});
        QCOMPARE(changed.count(), 1);
        QVERIFY(panel.facts().loaded);
        QVERIFY(panel.facts().imagesBySandbox.isEmpty());
    }

    void countdownCountsAndWarns()
    {
        const QDateTime received = QDateTime(QDate(2026, 12, 1), QTime(5, 40, 0), Qt::UTC);
        QDateTime now = received.addSecs(18);
        CountdownLabel countdown;
        countdown.setClock([&now] { return now; });
        countdown.setDeadline(received, 60);
        QVERIFY(countdown.isVisibleTo(nullptr) || !countdown.isHidden());
        QCOMPARE(countdown.text(), QStringLiteral("Rejected automatically in 0:42"));
        QVERIFY(!countdown.isWarning());
        now = received.addMSecs(50500);
        countdown.refresh();
        QCOMPARE(countdown.secondsLeft(), 10);
        QCOMPARE(countdown.text(), QStringLiteral("Rejected automatically in 0:10"));
        QVERIFY(countdown.isWarning());
        QCOMPARE(countdown.palette().color(QPalette::WindowText), k8::app::style::warningColor());
        now = received.addSecs(61);
        countdown.refresh();
        QCOMPARE(countdown.text(), QStringLiteral("Rejected automatically now"));
        QCOMPARE(CountdownLabel::durationText(3723), QStringLiteral("1:02:03"));

        // Without a timeout there is nothing to count.
        countdown.setDeadline(received, 0);
        QVERIFY(countdown.isHidden());
        QVERIFY(!countdown.isCounting());
        QVERIFY(countdown.text().isEmpty());
    }

    void countdownTicksWithTheRealClock()
    {
        CountdownLabel countdown;
        countdown.setDeadline(QDateTime::currentDateTimeUtc(), 30);
        QSignalSpy ticked(&countdown, &CountdownLabel::ticked);
        QVERIFY(ticked.wait(k8::test::waits::InProcess));
        const int left = ticked.last().at(0).toInt();
        QVERIFY2(left > 20 && left <= 30, qPrintable(QString::number(left)));
        QCOMPARE(countdown.text(), QStringLiteral("Rejected automatically in 0:%1").arg(left));
    }

    void bannerSaysWhy()
    {
        Request request = runRequest(QStringLiteral("code-runner"), QStringLiteral("python:3.12-slim"));
        request.timeoutS = 60;
        QCOMPARE(RequestEndBanner::messageFor(RequestEnd::TimedOut, request, QStringLiteral("timeout")),
                 QStringLiteral("This request timed out after 60 s and was rejected automatically."));
        QVERIFY(RequestEndBanner::messageFor(RequestEnd::Withdrawn, request, QStringLiteral("withdrawn"))
                    .startsWith(QLatin1String("The agent withdrew this request")));
        QVERIFY(RequestEndBanner::messageFor(RequestEnd::Shutdown, request, QStringLiteral("shutdown"))
                    .contains(QLatin1String("quitting")));
        QVERIFY(RequestEndBanner::messageFor(RequestEnd::Rule, request, QStringLiteral("rule:pandas"))
                    .contains(QLatin1String("\"pandas\"")));

        RequestEndBanner banner;
        QVERIFY(banner.isHidden());
        banner.showEnd(RequestEnd::Withdrawn, request, QStringLiteral("withdrawn"));
        QVERIFY(!banner.isHidden());
        QVERIFY(banner.text().startsWith(QLatin1String("The agent withdrew")));
        QCOMPARE(banner.findChild<QLabel*>(QStringLiteral("requestEndText"))->textFormat(), Qt::PlainText);
        QSignalSpy next(&banner, &RequestEndBanner::nextRequested);
        QTest::mouseClick(banner.nextButton(), Qt::LeftButton);
        QCOMPARE(next.count(), 1);
        banner.clear();
        QVERIFY(banner.isHidden());
    }
};

QTEST_MAIN(TestRunPlace)
#include "tst_runplace.moc"
