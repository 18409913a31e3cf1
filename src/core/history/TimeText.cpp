// SPDX-License-Identifier: Apache-2.0
#include "history/TimeText.h"

#include <QDateTime>

namespace k8::history {

namespace {

bool digits(QByteArrayView text, qsizetype at, int count, int* value)
{
    if (at + count > text.size())
        return false;
    int v = 0;
    for (int i = 0; i < count; ++i) {
        const char c = text.at(at + i);
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *value = v;
    return true;
}

// Days from 1970-01-01 to a civil date (proleptic Gregorian), after Howard Hinnant's algorithm.
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2 ? 1 : 0;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return qint64(era) * 146097 + doe - 719468;
}

} // namespace

bool parseTimeMs(QByteArrayView text, qint64* ms)
{
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!digits(text, 0, 4, &year) || text.size() < 19 || text.at(4) != '-' || !digits(text, 5, 2, &month) ||
        text.at(7) != '-' || !digits(text, 8, 2, &day) ||
        (text.at(10) != 'T' && text.at(10) != ' ' && text.at(10) != 't') || !digits(text, 11, 2, &hour) ||
        text.at(13) != ':' || !digits(text, 14, 2, &minute) || text.at(16) != ':' ||
        !digits(text, 17, 2, &second))
        return false;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return false;
    qsizetype at = 19;
    int millis = 0;
    if (at < text.size() && text.at(at) == '.') {
        ++at;
        int scale = 100;
        const qsizetype start = at;
        while (at < text.size() && text.at(at) >= '0' && text.at(at) <= '9') {
            millis += (text.at(at) - '0') * scale;
            scale /= 10;
            ++at;
        }
        if (at == start)
            return false;
    }
    int offsetMinutes = 0;
    if (at < text.size() && (text.at(at) == 'Z' || text.at(at) == 'z')) {
        ++at;
    } else if (at < text.size() && (text.at(at) == '+' || text.at(at) == '-')) {
        const int sign = text.at(at) == '-' ? -1 : 1;
        int oh = 0, om = 0;
        if (!digits(text, at + 1, 2, &oh))
            return false;
        at += 3;
        if (at < text.size() && text.at(at) == ':')
            ++at;
        if (!digits(text, at, 2, &om))
            return false;
        at += 2;
        offsetMinutes = sign * (oh * 60 + om);
    } else {
        return false; // RFC 3339 always names the offset
    }
    if (at != text.size())
        return false;
    const qint64 days = daysFromCivil(year, month, day);
    const qint64 seconds = days * 86400 + hour * 3600 + minute * 60 + second - qint64(offsetMinutes) * 60;
    *ms = seconds * 1000 + millis;
    return true;
}

QString formatTimeMs(qint64 ms)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
    return time.toString(ms % 1000 == 0 ? QStringLiteral("yyyy-MM-dd HH:mm:ss")
                                        : QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

} // namespace k8::history
