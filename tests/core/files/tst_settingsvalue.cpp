// SPDX-License-Identifier: Apache-2.0
// A settings key is set only when its value changes (issue 26): every kind of value the app
// keeps in its INI file (text, numbers, booleans, lists of one and of several strings, a map, a
// rectangle, bytes), read back from the file by a new QSettings, counts as held, and the file is
// not rewritten; a value that differs is set and written.
#include "files/SettingsValue.h"

#include <QDir>
#include <QRect>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using k8::files::SettingsValue;

namespace {

// The file at `path` and when it last changed (inode, size, modification and change times).
QByteArray fileIdentity(const QString& path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return QByteArray::number(quint64(info.st_ino)) + ' ' + QByteArray::number(qint64(info.st_size)) + ' ' +
           QByteArray::number(qint64(info.st_mtim.tv_sec)) + '.' +
           QByteArray::number(qint64(info.st_mtim.tv_nsec)) + ' ' +
           QByteArray::number(qint64(info.st_ctim.tv_sec)) + '.' +
           QByteArray::number(qint64(info.st_ctim.tv_nsec));
}

QVariantMap values()
{
    return {
        {QStringLiteral("text"), QStringLiteral("code-runner")},
        {QStringLiteral("textWithComma"), QStringLiteral("a, b")},
        {QStringLiteral("textWithAt"), QStringLiteral("@not-a-type")},
        {QStringLiteral("number"), 10},
        {QStringLiteral("bigNumber"), qint64(4) * 1024 * 1024 * 1024},
        {QStringLiteral("yes"), true},
        {QStringLiteral("no"), false},
        {QStringLiteral("oneString"), QStringList{QStringLiteral("a1b2c3")}},
        {QStringLiteral("strings"), QStringList{QStringLiteral("a1"), QStringLiteral("b2")}},
        {QStringLiteral("map"), QVariantMap{{QStringLiteral("HTTP_PROXY"), QStringLiteral("http://p:3128")}}},
        {QStringLiteral("rect"), QRect(2, 2, 1180, 760)},
        {QStringLiteral("bytes"), QByteArray("\0\0\0\xff\x01", 5)},
    };
}

} // namespace

class TestSettingsValue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void valuesReadBackFromTheFileAreHeldAndNotWrittenAgain()
    {
        QTemporaryDir dir;
        const QString path = QDir(dir.path()).filePath(QStringLiteral("settings.ini"));
        const QVariantMap expected = values();
        {
            QSettings settings(path, QSettings::IniFormat);
            for (auto it = expected.begin(); it != expected.end(); ++it)
                QVERIFY2(SettingsValue::setIfChanged(settings, it.key(), it.value()), qPrintable(it.key()));
            // Set once, the same value is held in memory too.
            for (auto it = expected.begin(); it != expected.end(); ++it)
                QVERIFY2(!SettingsValue::setIfChanged(settings, it.key(), it.value()), qPrintable(it.key()));
            settings.sync();
            QCOMPARE(settings.status(), QSettings::NoError);
        }
        const QByteArray written = fileIdentity(path);
        QVERIFY(!written.isEmpty());

        QSettings settings(path, QSettings::IniFormat);
        for (auto it = expected.begin(); it != expected.end(); ++it)
            QVERIFY2(!SettingsValue::setIfChanged(settings, it.key(), it.value()), qPrintable(it.key()));
        settings.sync();
        QCOMPARE(fileIdentity(path), written);

        // Another value is set, and written.
        QVERIFY(SettingsValue::setIfChanged(settings, QStringLiteral("number"), 11));
        QVERIFY(SettingsValue::setIfChanged(settings, QStringLiteral("yes"), false));
        QVERIFY(SettingsValue::setIfChanged(settings, QStringLiteral("oneString"),
                                            QStringList{QStringLiteral("a1b2c3"), QStringLiteral("d4")}));
        QVERIFY(SettingsValue::setIfChanged(settings, QStringLiteral("missing"), QStringLiteral("now")));
        settings.sync();
        QVERIFY(fileIdentity(path) != written);
        QSettings reread(path, QSettings::IniFormat);
        QCOMPARE(reread.value(QStringLiteral("number")).toInt(), 11);
        QCOMPARE(reread.value(QStringLiteral("yes")).toBool(), false);
        QCOMPARE(reread.value(QStringLiteral("oneString")).toStringList().size(), 2);
    }

    void textWhereAnotherTypeWasWrittenIsNotHeld()
    {
        // A hand-edited file: text where the app writes a rectangle or bytes is replaced.
        QVERIFY(!SettingsValue::holds(QStringLiteral("2 2 1180 760"), QRect(2, 2, 1180, 760)));
        QVERIFY(!SettingsValue::holds(QStringLiteral("abc"), QByteArray("abc")));
        QVERIFY(!SettingsValue::holds(QStringLiteral("10 "), 10));
        QVERIFY(!SettingsValue::holds(QStringLiteral("yes"), true));
        QVERIFY(!SettingsValue::holds(QVariant(), QString()));
        QVERIFY(SettingsValue::holds(QStringLiteral("true"), true));
        QVERIFY(SettingsValue::holds(QStringLiteral("-3"), -3));
    }
};

QTEST_GUILESS_MAIN(TestSettingsValue)
#include "tst_settingsvalue.moc"
