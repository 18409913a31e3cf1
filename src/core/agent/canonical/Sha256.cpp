// SPDX-License-Identifier: Apache-2.0
#include "agent/canonical/Sha256.h"

#include <QCryptographicHash>

#if defined(K8_HAVE_OPENSSL_SHA256)
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#if defined(K8_LIBCRYPTO_NAME)
#include <dlfcn.h>
#endif
#endif

namespace k8::agent {

#if defined(K8_HAVE_OPENSSL_SHA256)
namespace {

struct OpenSslSha256
{
    decltype(&EVP_Digest) digest = nullptr;
    const EVP_MD* algorithm = nullptr;
};

// Looked up once (thread-safe: a function-local static), by whichever thread hashes first: OpenSSL
// 3 would otherwise find the algorithm again for every digest.
//
// On Linux libcrypto is not linked but opened here (K8_LIBCRYPTO_NAME, src/core/agent/
// canonical/CMakeLists.txt): mapping and relocating it cost every start about a millisecond before main()
// (bench/README.md, bench_startup), and the window hashes nothing before its first paint. It is
// never closed. Where it cannot be opened, Qt's SHA-256 gives the same hashes.
const OpenSslSha256& openSsl()
{
    static const OpenSslSha256 loaded = [] {
        OpenSslSha256 found;
#if defined(K8_LIBCRYPTO_NAME)
        void* library = dlopen(K8_LIBCRYPTO_NAME, RTLD_NOW | RTLD_LOCAL);
        if (!library)
            return found;
        const auto digest = reinterpret_cast<decltype(&EVP_Digest)>(dlsym(library, "EVP_Digest"));
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
        const auto fetch = reinterpret_cast<decltype(&EVP_MD_fetch)>(dlsym(library, "EVP_MD_fetch"));
        const EVP_MD* algorithm = fetch ? fetch(nullptr, "SHA256", nullptr) : nullptr;
#else
        const auto sha256 = reinterpret_cast<decltype(&EVP_sha256)>(dlsym(library, "EVP_sha256"));
        const EVP_MD* algorithm = sha256 ? sha256() : nullptr;
#endif
#else
        const auto digest = &EVP_Digest;
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
        const EVP_MD* algorithm = EVP_MD_fetch(nullptr, "SHA256", nullptr);
#else
        const EVP_MD* algorithm = EVP_sha256();
#endif
#endif
        if (digest && algorithm) {
            found.digest = digest;
            found.algorithm = algorithm;
        }
        return found;
    }();
    return loaded;
}

// Lower-case hex of the 32-byte digest, written straight into the result.
QByteArray hexOfDigest(const unsigned char* digest)
{
    static const char digits[] = "0123456789abcdef";
    QByteArray hex(64, Qt::Uninitialized);
    char* to = hex.data();
    for (int i = 0; i < 32; ++i) {
        *to++ = digits[digest[i] >> 4];
        *to++ = digits[digest[i] & 0xf];
    }
    return hex;
}

} // namespace
#endif

QByteArray sha256HexBytes(QByteArrayView bytes)
{
#if defined(K8_HAVE_OPENSSL_SHA256)
    // Every request hashes its payload, its code and its ledger entry; OpenSSL's SHA-256 (which
    // uses the CPU's SHA instructions where there are some) is several times faster than Qt's.
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (const OpenSslSha256& openssl = openSsl();
        openssl.digest &&
        openssl.digest(bytes.data(), size_t(bytes.size()), digest, &size, openssl.algorithm, nullptr) == 1 &&
        size == 32)
        return hexOfDigest(digest);
        // No libcrypto to open, or OpenSSL without SHA-256 (a restricted provider setup): Qt's
        // gives the same hash.
#endif
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

void prepareSha256()
{
#if defined(K8_HAVE_OPENSSL_SHA256)
    openSsl();
#endif
}

QString sha256Hex(QByteArrayView bytes)
{
    return QString::fromLatin1(sha256HexBytes(bytes));
}

bool isSha256Hex(const QString& text)
{
    if (text.size() != 64)
        return false;
    for (const QChar c : text) {
        const bool hex = (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
        if (!hex)
            return false;
    }
    return true;
}

} // namespace k8::agent
