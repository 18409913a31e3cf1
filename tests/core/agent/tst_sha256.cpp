// SPDX-License-Identifier: Apache-2.0
// Sha256 (src/core/agent/canonical/Sha256.h): the one SHA-256 every hash of the app goes through. Known
// digests, the same digests as Qt's for every length around SHA-256's block, and, where the build
// opens OpenSSL's libcrypto at the first hash instead of linking it (src/core/agent/
// canonical/CMakeLists.txt), that it is not there before the first hash and is used after it: linked, it
// cost every start about a millisecond (bench/README.md, bench_startup), and a library that
// silently failed to open would leave every hash on Qt's slower code.
#include "agent/canonical/Sha256.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTest>

using namespace k8::agent;

namespace {

#if defined(K8_LIBCRYPTO_NAME)
// Whether this process has the library mapped (/proc/self/maps names every mapped file).
bool mapped(const char* library)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    return maps.open(QIODevice::ReadOnly) && maps.readAll().contains(QByteArray("/") + library);
}
#endif

} // namespace

class TestSha256 : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // First: it looks at the process before anything in it has hashed.
    void libcryptoIsOpenedAtTheFirstHash()
    {
#if defined(K8_LIBCRYPTO_NAME)
        QVERIFY2(!mapped(K8_LIBCRYPTO_NAME), K8_LIBCRYPTO_NAME);
        QCOMPARE(sha256HexBytes("abc"),
                 QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QVERIFY2(mapped(K8_LIBCRYPTO_NAME), K8_LIBCRYPTO_NAME);
#else
        QSKIP("this build links OpenSSL or hashes with Qt alone");
#endif
    }

    void knownDigests()
    {
        QCOMPARE(sha256Hex(""),
                 QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(sha256Hex("abc"),
                 QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(sha256HexBytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                 QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    }

    void sameAsQtsForEveryLengthAroundABlock()
    {
        QByteArray bytes;
        for (int length = 0; length <= 200; ++length) {
            QCOMPARE(sha256HexBytes(bytes),
                     QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
            bytes.append(char(length * 7 + 1));
        }
        const QByteArray large(3 * 1024 * 1024 + 5, 'x');
        QCOMPARE(sha256Hex(large),
                 QString::fromLatin1(QCryptographicHash::hash(large, QCryptographicHash::Sha256).toHex()));
    }

    void recognisesHexDigests()
    {
        QVERIFY(isSha256Hex(sha256Hex("x")));
        QVERIFY(isSha256Hex(sha256Hex("x").toUpper()));
        QVERIFY(!isSha256Hex(sha256Hex("x").left(63)));
        QVERIFY(!isSha256Hex(sha256Hex("x").left(63) + QLatin1Char('g')));
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
