// SPDX-License-Identifier: Apache-2.0
#include "editor/LineDiff.h"

#include <vector>

namespace k8::app {

namespace {

// The edit script of a[aBegin, aEnd) against b[bBegin, bEnd), or false when it needs more than
// maxD edits.
bool myers(const QStringList& a, int aBegin, int aEnd, const QStringList& b, int bBegin, int bEnd, int maxD,
           QList<DiffLine>* out)
{
    const int n = aEnd - aBegin;
    const int m = bEnd - bBegin;
    const int limit = qMin(n + m, maxD);
    // v[k + offset]: the furthest x reached on diagonal k. trace[d] keeps the slice -d-1..d+1 of v
    // before round d, so the path can be walked back without storing the whole array per round.
    const int offset = limit + 1;
    std::vector<int> v(size_t(2 * offset + 1), 0);
    std::vector<std::vector<int>> trace;
    int finalD = -1;
    for (int d = 0; d <= limit && finalD < 0; ++d) {
        trace.emplace_back(v.begin() + (offset - d - 1), v.begin() + (offset + d + 2));
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && v[size_t(offset + k - 1)] < v[size_t(offset + k + 1)]))
                        ? v[size_t(offset + k + 1)]
                        : v[size_t(offset + k - 1)] + 1;
            int y = x - k;
            while (x < n && y < m && a.at(aBegin + x) == b.at(bBegin + y)) {
                ++x;
                ++y;
            }
            v[size_t(offset + k)] = x;
            if (x >= n && y >= m) {
                finalD = d;
                break;
            }
        }
    }
    if (finalD < 0)
        return false;

    QList<DiffLine> reversed;
    int x = n;
    int y = m;
    for (int d = finalD; d >= 0; --d) {
        const std::vector<int>& slice = trace[size_t(d)];
        const auto at = [&](int k) { return slice[size_t(k + d + 1)]; };
        const int k = x - y;
        const int prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
        const int prevX = at(prevK);
        const int prevY = prevX - prevK;
        while (x > prevX && y > prevY) {
            --x;
            --y;
            reversed.append({DiffLine::Same, a.at(aBegin + x), aBegin + x + 1, bBegin + y + 1});
        }
        if (d > 0) {
            if (x == prevX)
                reversed.append({DiffLine::Added, b.at(bBegin + y - 1), 0, bBegin + y});
            else
                reversed.append({DiffLine::Removed, a.at(aBegin + x - 1), aBegin + x, 0});
        }
        x = prevX;
        y = prevY;
    }
    for (auto it = reversed.crbegin(); it != reversed.crend(); ++it)
        out->append(*it);
    return true;
}

} // namespace

QStringList LineDiff::splitLines(const QString& text)
{
    if (text.isEmpty())
        return {};
    QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.size() > 1 && lines.constLast().isEmpty())
        lines.removeLast();
    return lines;
}

QList<DiffLine> LineDiff::compute(const QString& original, const QString& edited)
{
    return compute(splitLines(original), splitLines(edited));
}

QList<DiffLine> LineDiff::compute(const QStringList& original, const QStringList& edited)
{
    QList<DiffLine> lines;
    const int n = int(original.size());
    const int m = int(edited.size());
    int head = 0;
    while (head < n && head < m && original.at(head) == edited.at(head))
        ++head;
    int tail = 0;
    while (tail < n - head && tail < m - head && original.at(n - 1 - tail) == edited.at(m - 1 - tail))
        ++tail;

    for (int i = 0; i < head; ++i)
        lines.append({DiffLine::Same, original.at(i), i + 1, i + 1});
    if (!myers(original, head, n - tail, edited, head, m - tail, MaxEditDistance, &lines)) {
        for (int i = head; i < n - tail; ++i)
            lines.append({DiffLine::Removed, original.at(i), i + 1, 0});
        for (int j = head; j < m - tail; ++j)
            lines.append({DiffLine::Added, edited.at(j), 0, j + 1});
    }
    for (int t = tail; t > 0; --t)
        lines.append({DiffLine::Same, original.at(n - t), n - t + 1, m - t + 1});
    return lines;
}

int LineDiff::count(const QList<DiffLine>& lines, DiffLine::Kind kind)
{
    int total = 0;
    for (const DiffLine& line : lines)
        total += line.kind == kind ? 1 : 0;
    return total;
}

} // namespace k8::app
