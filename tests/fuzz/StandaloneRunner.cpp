// SPDX-License-Identifier: Apache-2.0
// A main() for the harnesses when libFuzzer is not used (the normal gcc build and ctest): runs
// LLVMFuzzerTestOneInput() over every file of the folders (or files) given, so the seed corpus of
// each harness is checked on every build. A harness's FUZZ_ASSERT aborts and fails the test.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::filesystem::path> inputsOf(const std::filesystem::path& path)
{
    std::vector<std::filesystem::path> inputs;
    if (std::filesystem::is_directory(path)) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
            if (entry.is_regular_file())
                inputs.push_back(entry.path());
        }
    } else if (std::filesystem::is_regular_file(path)) {
        inputs.push_back(path);
    }
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    size_t runs = 0;
    for (int i = 1; i < argc; ++i) {
        const std::vector<std::filesystem::path> inputs = inputsOf(argv[i]);
        if (inputs.empty()) {
            // A missing or empty corpus would make the test pass without checking anything.
            std::fprintf(stderr, "%s: no inputs in %s\n", argv[0], argv[i]);
            return 2;
        }
        for (const std::filesystem::path& input : inputs) {
            std::ifstream file(input, std::ios::binary);
            const std::vector<char> content{std::istreambuf_iterator<char>(file),
                                            std::istreambuf_iterator<char>()};
            std::fprintf(stderr, "running %s (%zu bytes)\n", input.c_str(), content.size());
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(content.data()), content.size());
            ++runs;
        }
    }
    std::fprintf(stderr, "%s: %zu inputs, all invariants held\n", argv[0], runs);
    return 0;
}
