// SPDX-License-Identifier: Apache-2.0
// How long the review's "what the code would reach" takes: the pattern scan of code of several
// sizes (the panel scans at most 256 KiB, on every edit, on the UI thread) and match() of many
// destinations against an allow-list. Prints JSON.
#include "policy/CodeReach.h"
#include "policy/EgressRules.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace {

// Ordinary Python with a destination or a risky call every few lines, as agents write it.
QString syntheticCode(qsizetype chars)
{
    const QString block =
        QStringLiteral("import requests, subprocess\n"
                       "def fetch(i):\n"
                       "    r = requests.get(f'https://api.example.com/items/{i}', timeout=10)\n"
                       "    r.raise_for_status()\n"
                       "    return r.json()\n"
                       "rows = [fetch(i) for i in range(20)]\n"
                       "total = sum(row['value'] * 2 for row in rows if row.get('ok'))  # plain computation\n"
                       "subprocess.run(['pip', 'install', 'pandas'], check=True)\n"
                       "print(total)\n");
    QString code;
    while (code.size() < chars)
        code += block;
    return code.left(chars);
}

double medianMs(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.at(values.size() / 2);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QJsonArray scans;
    for (qsizetype kib : {16, 256, 1024}) {
        const QString code = syntheticCode(kib * 1024);
        QList<double> runs;
        qsizetype findings = 0;
        for (int i = 0; i < 7; ++i) {
            QElapsedTimer timer;
            timer.start();
            findings = k8::policy::scanCode(code, QStringLiteral("python")).size();
            runs << double(timer.nsecsElapsed()) / 1e6;
        }
        scans.append(QJsonObject{{QStringLiteral("code_kib"), double(kib)},
                                 {QStringLiteral("lines"), double(code.count(QLatin1Char('\n')))},
                                 {QStringLiteral("findings"), double(findings)},
                                 {QStringLiteral("median_ms"), medianMs(runs)}});
    }

    k8::policy::EgressRules rules;
    rules.mode = k8::policy::EgressRules::Mode::Allow;
    for (int i = 0; i < 50; ++i)
        rules.items.append({QStringLiteral("host%1.example.com").arg(i), {}});
    rules.items.append({QStringLiteral("*.pythonhosted.org"), {}});
    rules.items.append({QStringLiteral("10.0.0.0/8"), {}});
    const QList<k8::policy::EntryCheck> checks = k8::policy::checkEntries(rules.items);
    QElapsedTimer timer;
    timer.start();
    int allowed = 0;
    const int destinations = 10000;
    for (int i = 0; i < destinations; ++i) {
        const auto destination =
            k8::policy::Destination::parse(QStringLiteral("host%1.example.com:443").arg(i % 100));
        allowed += k8::policy::match(rules, checks, destination).allowed();
    }
    const double matchMs = double(timer.nsecsElapsed()) / 1e6;

    const QJsonObject result{
        {QStringLiteral("benchmark"), QStringLiteral("egress_scan")},
        {QStringLiteral("scan"), scans},
        {QStringLiteral("match"),
         QJsonObject{{QStringLiteral("entries"), double(rules.items.size())},
                     {QStringLiteral("destinations"), destinations},
                     {QStringLiteral("allowed"), allowed},
                     {QStringLiteral("total_ms"), matchMs},
                     {QStringLiteral("us_per_destination"), matchMs * 1000.0 / destinations}}}};
    std::printf("%s", QJsonDocument(result).toJson(QJsonDocument::Indented).constData());
    return 0;
}
