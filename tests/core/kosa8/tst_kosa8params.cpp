// SPDX-License-Identifier: Apache-2.0
// kosa8::params: the parameter maps every dialog hands Kosa8Runner, and that the built-in
// profile turns them into the argv kosa8 expects.
#include "kosa8/CommandProfile.h"
#include "kosa8/EgressPolicy.h"
#include "kosa8/Kosa8Params.h"

#include <QtTest>

using namespace k8::kosa8;

class TestKosa8Params : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sandboxNamesTheSandbox()
    {
        const QVariantMap map = params::sandbox(QStringLiteral("box1"));
        QCOMPARE(map.value(QStringLiteral("name")).toString(), QStringLiteral("box1"));
        QCOMPARE(map.size(), 1);
    }

    void createWithAnAllowListPassesTheHosts()
    {
        const CommandProfile profile = CommandProfile::builtIn();
        const QStringList hosts{QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")};
        const QStringList mounts{QStringLiteral("/home/me/data:/data")};
        const QVariantMap map =
            params::create(profile, QStringLiteral("box1"), EgressPolicy::allow(hosts), mounts);
        QCOMPARE(map.value(QStringLiteral("name")).toString(), QStringLiteral("box1"));
        QCOMPARE(map.value(QStringLiteral("hosts")).toStringList(), hosts);
        QCOMPARE(map.value(QStringLiteral("mount_list")).toStringList(), mounts);
        QCOMPARE(map.value(QStringLiteral("egress")).toStringList(), profile.egressArguments({}, hosts));
        QCOMPARE(map.value(QStringLiteral("mounts")).toStringList(), profile.mountArguments(mounts));
        QString error;
        const QStringList argv = profile.arguments(Operation::SandboxCreate, map, &error);
        QVERIFY2(!argv.isEmpty(), qPrintable(error));
        QVERIFY(argv.contains(QStringLiteral("box1")));
        QVERIFY(argv.contains(QStringLiteral("pypi.org")));
    }

    void createWithDenyPassesTheModeAndNoHosts()
    {
        const CommandProfile profile = CommandProfile::builtIn();
        const QVariantMap map = params::create(profile, QStringLiteral("box1"), EgressPolicy::deny(), {});
        QVERIFY(map.value(QStringLiteral("hosts")).toStringList().isEmpty());
        QCOMPARE(map.value(QStringLiteral("egress")).toStringList(),
                 profile.egressArguments(QStringLiteral("deny"), {}));
        QVERIFY(map.value(QStringLiteral("egress")).toStringList().contains(QStringLiteral("deny")));
    }

    void pullAndCheckpointAddTheirWord()
    {
        const QVariantMap pull = params::pull(QStringLiteral("box1"), QStringLiteral("python:3.12-slim"));
        QCOMPARE(pull.value(QStringLiteral("name")).toString(), QStringLiteral("box1"));
        QCOMPARE(pull.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.12-slim"));
        const QVariantMap checkpoint = params::checkpoint(QStringLiteral("box1"), QStringLiteral("clean"));
        QCOMPARE(checkpoint.value(QStringLiteral("label")).toString(), QStringLiteral("clean"));
        QString error;
        QVERIFY2(!CommandProfile::builtIn().arguments(Operation::SandboxPull, pull, &error).isEmpty(),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestKosa8Params)
#include "tst_kosa8params.moc"
