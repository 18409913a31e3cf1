// SPDX-License-Identifier: Apache-2.0
#include "kosa8/StreamMask.h"

#include <QTest>

using k8::kosa8::StreamMask;

class TestStreamMask : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everySplitIsMasked_data();
    void everySplitIsMasked();
    void byteByByte();
    void noSecretPassesThrough();
};

namespace {

const QByteArray Secret = "tok-tok-42";
const QByteArray Mask = "***";

// The stream fed in two reads cut at `cut`, then finished.
QByteArray fedInTwo(const QByteArray& stream, qsizetype cut, QByteArray* firstOut)
{
    StreamMask mask(Secret, Mask);
    *firstOut = mask.feed(stream.left(cut));
    QByteArray out = *firstOut;
    out += mask.feed(stream.mid(cut));
    out += mask.finish();
    return out;
}

} // namespace

void TestStreamMask::everySplitIsMasked_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("one") << QByteArray("a tok-tok-42 b") << QByteArray("a *** b");
    QTest::newRow("two, back to back") << QByteArray("tok-tok-42tok-tok-42") << QByteArray("******");
    // A start of the secret that turns out not to be it, at the stream's end and before a real one.
    QTest::newRow("false start then real") << QByteArray("tok-tok-tok-tok-42!") << QByteArray("tok-tok-***!");
    QTest::newRow("ends in a start") << QByteArray("x tok-tok-4") << QByteArray("x tok-tok-4");
    QTest::newRow("no secret") << QByteArray("plain output\n") << QByteArray("plain output\n");
}

void TestStreamMask::everySplitIsMasked()
{
    QFETCH(QByteArray, stream);
    QFETCH(QByteArray, expected);
    for (qsizetype cut = 0; cut <= stream.size(); ++cut) {
        QByteArray first;
        QCOMPARE(fedInTwo(stream, cut, &first), expected);
        // Nothing that went out before the second read could be part of a secret the stream holds.
        QVERIFY2(!first.contains("tok-tok-4") || expected.contains("tok-tok-4"), first.constData());
    }
}

void TestStreamMask::byteByByte()
{
    const QByteArray stream = "start tok-tok-42 middle tok-tok-4 tok-tok-42 end";
    StreamMask mask(Secret, Mask);
    QByteArray out;
    qsizetype fed = 0;
    for (char c : stream) {
        out += mask.feed(QByteArray(1, c));
        ++fed;
        // What is held back is less than the secret: the output lags the input by less than it.
        QVERIFY(fed - out.size() - out.count(Mask) * (Secret.size() - Mask.size()) < Secret.size());
    }
    out += mask.finish();
    QCOMPARE(out, QByteArray("start *** middle tok-tok-4 *** end"));
}

void TestStreamMask::noSecretPassesThrough()
{
    StreamMask mask({}, Mask);
    QCOMPARE(mask.feed("tok-tok-"), QByteArray("tok-tok-"));
    QVERIFY(!mask.isHolding());
    QCOMPARE(mask.finish(), QByteArray());
}

QTEST_GUILESS_MAIN(TestStreamMask)
#include "tst_streammask.moc"
