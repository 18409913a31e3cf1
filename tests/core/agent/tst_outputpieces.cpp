// SPDX-License-Identifier: Apache-2.0
// Run output is handed on in bounded pieces: sizes in UTF-8 and cuts that never split a character.
#include "agent/request/RequestSource.h"
#include "agent/runs/OutputPieces.h"
#include "agent/runs/RunOutputForwarder.h"
#include "agent/socket/JsonRpc.h"

#include <QJsonObject>

#include <QRandomGenerator>
#include <QTest>

using namespace k8::agent;

namespace {

// What a run that prints random bytes shows: mostly U+FFFD with ASCII, two- and three-byte
// characters and surrogate pairs between them.
QString decodedRandomBytes(qsizetype count, quint32 seed)
{
    QRandomGenerator random(seed);
    QByteArray bytes(count, Qt::Uninitialized);
    for (char& byte : bytes)
        byte = char(random.bounded(256));
    return QString::fromUtf8(bytes);
}

// The pieces one character at a time: as long as the next character still fits.
QStringList greedyPieces(const QString& text, qsizetype limit)
{
    QStringList pieces;
    qsizetype start = 0;
    qsizetype bytes = 0;
    for (qsizetype i = 0; i < text.size();) {
        const qsizetype units =
            text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate() ? 2 : 1;
        const qsizetype size = utf8Size(QStringView(text).mid(i, units));
        if (bytes + size > limit && i > start) {
            pieces.append(text.mid(start, i - start));
            start = i;
            bytes = 0;
        }
        bytes += size;
        i += units;
    }
    if (start < text.size())
        pieces.append(text.mid(start));
    return pieces;
}

// A source whose agent reads everything: it keeps each piece sent.
class PieceSource : public RequestSource
{
public:
    QList<QByteArray> pieces;
    QString sourceName() const override { return QStringLiteral("pieces"); }
    bool answer(const RequestOrigin&, const QJsonValue&) override { return true; }
    bool refuse(const RequestOrigin&, const RpcError&) override { return true; }
    bool answerEncoded(const RequestOrigin&, const QByteArray&) override { return true; }
    bool sendRunOutput(const RequestOrigin&, bool, QByteArrayView utf8) override
    {
        pieces.append(utf8.toByteArray());
        return true;
    }
    qint64 backlog(const RequestOrigin&) const override { return 0; }
    bool reaches(const RequestOrigin&) const override { return true; }
};

} // namespace

class TestOutputPieces : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void utf8SizeMatchesToUtf8()
    {
        const QString text = QStringLiteral("a\u00e9\u4e16\U0001F600z");
        QCOMPARE(utf8Size(text), text.toUtf8().size());
        QCOMPARE(utf8Size(QString()), 0);
        const QString decoded = decodedRandomBytes(100000, 1);
        QCOMPARE(utf8Size(decoded), decoded.toUtf8().size());
        // A lone surrogate: at least what toUtf8() writes for it.
        const QString lone = QStringLiteral("a") + QChar(0xD800) + QStringLiteral("b") + QChar(0xDC00);
        QCOMPARE(utf8Size(lone), 6);
        QVERIFY(utf8Size(lone) >= lone.toUtf8().size());
    }

    void piecesAreBoundedAndJoinBack_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("limit");
        QTest::newRow("ascii, no newline") << QString(100000, QLatin1Char('x')) << 16 * 1024;
        QTest::newRow("three-byte characters") << QString(20000, QChar(0x4e16)) << 16 * 1024;
        QString emoji;
        for (int i = 0; i < 9000; ++i)
            emoji += QStringLiteral("\U0001F600");
        QTest::newRow("surrogate pairs, odd limit") << emoji << 4097;
        QTest::newRow("mixed, tiny limit") << QStringLiteral("a\u00e9\U0001F600\u4e16b") << 4;
        QTest::newRow("short") << QStringLiteral("hello\n") << 16 * 1024;
        QTest::newRow("random bytes decoded") << decodedRandomBytes(200000, 2) << 16 * 1024;
        QTest::newRow("random bytes decoded, odd limit") << decodedRandomBytes(50000, 3) << 1001;
        QTest::newRow("lone surrogates") << QString(QChar(0xDC00)) + QString(5000, QChar(0xD800)) << 4097;
    }

    void piecesAreBoundedAndJoinBack()
    {
        QFETCH(QString, text);
        QFETCH(int, limit);
        const QStringList pieces = splitUtf8Pieces(text, limit);
        QCOMPARE(pieces.join(QString()), text);
        qsizetype cut = 0;
        for (const QString& piece : pieces) {
            QVERIFY(!piece.isEmpty());
            QVERIFY2(piece.toUtf8().size() <= limit, qPrintable(QString::number(piece.toUtf8().size())));
            QVERIFY(utf8Size(piece) <= limit); // a lone surrogate counts more than toUtf8() writes
            cut += piece.size();
            // Never between the halves of a surrogate pair.
            QVERIFY(cut == text.size() || !text.at(cut - 1).isHighSurrogate() ||
                    !text.at(cut).isLowSurrogate());
        }
        // As few pieces as the limit allows: each as long as the next character still fits.
        QCOMPARE(pieces, greedyPieces(text, limit));
    }

    void emptyGivesNoPiece() { QVERIFY(splitUtf8Pieces(QString()).isEmpty()); }

    // Bytes cut at wholeUtf8Length() decode in two pieces exactly as in one, wherever the cut
    // falls: within a character, after one, in bytes that are not UTF-8.
    void piecesCutAfterWholeCharactersDecodeAsOne()
    {
        QRandomGenerator random(26);
        const QByteArray samples[] = {QByteArray("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 end"),
                                      QByteArray("\xe2\x82\x41\xc3\xf0\x9f\x98\xed\xa0\x80\xc0\x80\xff"),
                                      QByteArray(2000, Qt::Uninitialized)};
        QByteArray randomBytes = samples[2];
        for (char& byte : randomBytes)
            byte = char(random.bounded(256));
        for (const QByteArray& bytes : {samples[0], samples[1], randomBytes}) {
            for (qsizetype at = 0; at <= bytes.size(); ++at) {
                const QByteArray first = bytes.first(at);
                const qsizetype whole = wholeUtf8Length(first);
                QVERIFY(whole <= at && whole >= at - 3);
                QCOMPARE(QString::fromUtf8(bytes.first(whole)) + QString::fromUtf8(bytes.sliced(whole)),
                         QString::fromUtf8(bytes));
            }
        }
        QCOMPARE(wholeUtf8Length("ab\xe2\x82"), 2);
        QCOMPARE(wholeUtf8Length("ab\xe2\x82\xac"), 5);
        QCOMPARE(wholeUtf8Length("ab\xff"), 3);
        // A piece from the middle of a stream keeps a U+FEFF at its start.
        QCOMPARE(decodeUtf8Piece("\xef\xbb\xbfx"), QStringLiteral("\ufeffx"));
        // A piece can end in a lead byte whose sequence the next byte broke ("\xc6" before a
        // "\xc7" held back for the next piece): it is U+FFFD, as in the stream decoded whole
        // (before, the decoder kept it for more input and the piece lost it).
        QCOMPARE(decodeUtf8Piece("a\xcc\xc6"), QStringLiteral("a\ufffd\ufffd"));
        QCOMPARE(decodeUtf8Piece("a\xcc\xc6") + decodeUtf8Piece("\xc7&"),
                 QString::fromUtf8("a\xcc\xc6\xc7&"));
    }

    // replaceInvalidUtf8() gives the bytes Qt's decoder and encoder give, byte for byte: over
    // every two-byte input, every four-byte input made of the bytes at the edges of UTF-8's
    // ranges, and megabytes of random bytes, uniform and weighted towards lead and continuation
    // bytes (where broken sequences are most varied).
    void invalidBytesAreReplacedAsQtDecodes()
    {
        const auto agrees = [](QByteArrayView bytes) {
            return replaceInvalidUtf8(bytes) == decodeUtf8Piece(bytes).toUtf8();
        };
        QVERIFY(replaceInvalidUtf8(QByteArrayView()).isEmpty());
        QCOMPARE(replaceInvalidUtf8("plain text\n"), QByteArray("plain text\n"));
        QCOMPARE(replaceInvalidUtf8("a\xff\xe2\x82"), QByteArray("a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"));
        // A noncharacter and a byte order mark at the start are characters: kept.
        QCOMPARE(replaceInvalidUtf8("\xef\xbb\xbf\xef\xbf\xbe"), QByteArray("\xef\xbb\xbf\xef\xbf\xbe"));
        for (int first = 0; first < 256; ++first) {
            for (int second = 0; second < 256; ++second) {
                const char pair[] = {char(first), char(second)};
                if (!agrees(QByteArrayView(pair, 2)))
                    QFAIL(QByteArray(pair, 2).toHex(' ').constData());
            }
        }
        const unsigned char edges[] = {0x00, 0x0a, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf,
                                       0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef,
                                       0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf8, 0xfe, 0xff};
        for (const unsigned char a : edges) {
            // Each alone (the end of a piece, taken byte by byte), and all of them in a row (its
            // middle, taken sixteen bytes at a time).
            QByteArray inARow;
            for (const unsigned char b : edges) {
                for (const unsigned char c : edges) {
                    for (const unsigned char d : edges) {
                        const char bytes[] = {char(a), char(b), char(c), char(d)};
                        if (!agrees(QByteArrayView(bytes, 4)))
                            QFAIL(QByteArray(bytes, 4).toHex(' ').constData());
                        inARow.append(bytes, 4).append("sixteen ascii.\n");
                    }
                }
            }
            QVERIFY(agrees(inARow));
        }
        QRandomGenerator random(28);
        for (int round = 0; round < 8; ++round) {
            QByteArray bytes(256 * 1024, Qt::Uninitialized);
            for (char& byte : bytes) {
                // Odd rounds: mostly bytes of 0x80 and up, so sequences start and break often.
                const bool high = round % 2 == 1 && random.bounded(4) != 0;
                byte = char(high ? 0x80 + random.bounded(128) : random.bounded(256));
            }
            QVERIFY(agrees(bytes));
        }
    }

    // Output that is not UTF-8 goes out in pieces that fit once decoded, each byte decoded once
    // (before, a piece of random bytes was decoded, found too long, halved and decoded again),
    // and the pieces joined are the output decoded as a whole.
    void forwardedPiecesFitAndEachByteIsDecodedOnce()
    {
        QRandomGenerator random(11);
        QByteArray printed;
        for (int chunk = 0; chunk < 12; ++chunk) {
            QByteArray bytes(65536 + chunk * 977, Qt::Uninitialized);
            for (char& byte : bytes)
                byte = char(random.bounded(256));
            printed += bytes;
        }
        // Runs of valid text between the random bytes, and a stretch of bytes that are each U+FFFD.
        printed += QByteArray("caf\xc3\xa9 \xf0\x9f\x98\x80 ").repeated(3000) + QByteArray(50000, '\xff');
        PieceSource source;
        RunOutputForwarder forwarder([&source]() -> RequestSource* { return &source; }, RequestOrigin(),
                                     qint64(1) << 40, qint64(1) << 40);
        // In the pieces RunExecutor hands on: ending after a whole character.
        QByteArrayView rest(printed);
        while (!rest.isEmpty()) {
            const qsizetype take = qMin<qsizetype>(rest.size(), 65536);
            const qsizetype whole = rest.size() == take ? take : wholeUtf8Length(rest.first(take));
            forwarder.forward(false, rest.first(whole).toByteArray());
            rest = rest.sliced(whole);
        }
        QCOMPARE(forwarder.decodedBytes(), printed.size());
        QCOMPARE(forwarder.droppedBytes(), 0);
        QByteArray joined;
        for (const QByteArray& piece : std::as_const(source.pieces)) {
            QVERIFY2(piece.size() <= MaxOutputPieceBytes, qPrintable(QString::number(piece.size())));
            QVERIFY(piece.isValidUtf8());
            joined += piece;
        }
        QCOMPARE(joined, QString::fromUtf8(printed).toUtf8());
        QCOMPARE(forwarder.sentBytes(), joined.size());
    }

    void lineEndsAreCounted()
    {
        QRandomGenerator random(7);
        for (const qsizetype size : {0, 1, 15, 16, 17, 100, 4095, 4096 + 7, 70000}) {
            QByteArray bytes(size, Qt::Uninitialized);
            for (char& byte : bytes)
                byte = random.bounded(4) == 0 ? '\n' : char(random.bounded(256));
            QCOMPARE(countLineEnds(bytes), bytes.count('\n'));
        }
        const QByteArray lines("a\nbb\n\nccc");
        QCOMPARE(afterLineEnds(lines, 1), 2);
        QCOMPARE(afterLineEnds(lines, 3), 6);
        QCOMPARE(afterLineEnds(lines, 4), -1);
    }

    // The run.output line written from the bytes is the one rpcNotification() writes for the
    // decoded text, byte for byte: escapes at every place within the steps of eight or sixteen bytes.
    void notificationFromBytesIsTheCanonicalLine()
    {
        QList<QByteArray> pieces = {QByteArray(),
                                    QByteArray("plain"),
                                    QByteArray("x").repeated(80) + '\n',
                                    QByteArray("\"quoted\" back\\slash\ttab\r\b\f\x01\x1f\x7f end"),
                                    QByteArray("caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80 /"),
                                    QByteArray("\xef\xbb\xbf starts with a BOM")};
        // Several bytes to escape within one sixteen-byte step, next to characters of two to four
        // bytes (whose bytes of 0x80 and up are no control characters), across step boundaries.
        const QList<QByteArray> parts = {
            "a", "\"", "\\", "\n", "\x01", "\x1f", " ", "\xc3\xa9", "\xf0\x9f\x98\x80"};
        for (int n = 0; n < 200; ++n) {
            QByteArray bytes;
            for (int k = 0; k < n % 70; ++k)
                bytes += parts.at((n * 7 + k * k * 3 + k) % parts.size());
            pieces.append(bytes);
        }
        for (int at = 0; at < 20; ++at) {
            for (const char special : {'"', '\\', '\n', '\0', '\x1f', ' '}) {
                QByteArray bytes(19, 'a');
                bytes[at % 19] = special;
                pieces.append(bytes);
            }
        }
        // Output that is not UTF-8 as the agent gets it: every control character, often several in
        // one step, between U+FFFD and other characters.
        QRandomGenerator random(16);
        for (int n = 0; n < 4; ++n) {
            QByteArray bytes(MaxOutputPieceBytes / 3 + n, Qt::Uninitialized);
            for (char& byte : bytes)
                byte = char(random.bounded(256));
            pieces.append(replaceInvalidUtf8(bytes));
        }
        for (const QJsonValue& id : {QJsonValue(7), QJsonValue(QStringLiteral("r-\"1\"")), QJsonValue(2.5)}) {
            for (const QByteArray& bytes : std::as_const(pieces)) {
                QVERIFY(bytes.isValidUtf8());
                for (const bool isStderr : {false, true}) {
                    const QJsonObject params{{QStringLiteral("id"), id},
                                             {QStringLiteral("stream"),
                                              isStderr ? QStringLiteral("stderr") : QStringLiteral("stdout")},
                                             {QStringLiteral("data"), decodeUtf8Piece(bytes)}};
                    QCOMPARE(runOutputNotification(id, isStderr, bytes),
                             rpcNotification(QStringLiteral("run.output"), params));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestOutputPieces)
#include "tst_outputpieces.moc"
