# SPDX-License-Identifier: Apache-2.0
# Sanitizer builds (tests/sanitize/README.md; tests/sanitize/run.sh configures them).
#   -DKOSA8DESK_SANITIZE=address   AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer
#   -DKOSA8DESK_SANITIZE=thread    ThreadSanitizer
# The flags go to every target this project defines (src, tests; add_compile_options reaches the
# sub-folders added after this file is included). Qt and a KSyntaxHighlighting found through
# CMAKE_PREFIX_PATH stay as they are: ASan and UBSan need no instrumented dependencies, and
# ExternalProject builds of KSyntaxHighlighting get their own flags (cmake/KSyntaxHighlighting.cmake).
# UBSan findings abort (-fno-sanitize-recover) so a finding fails the test that hit it.

set(KOSA8DESK_SANITIZE "" CACHE STRING "Build with sanitizers: empty (none), address (ASan+UBSan), thread (TSan)")
set_property(CACHE KOSA8DESK_SANITIZE PROPERTY STRINGS "" address thread)

if(KOSA8DESK_SANITIZE STREQUAL "")
    return()
elseif(KOSA8DESK_SANITIZE STREQUAL "address")
    set(k8_sanitize_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined)
elseif(KOSA8DESK_SANITIZE STREQUAL "thread")
    set(k8_sanitize_flags -fsanitize=thread)
else()
    message(FATAL_ERROR "KOSA8DESK_SANITIZE is '${KOSA8DESK_SANITIZE}'; allowed: empty, address, thread")
endif()
if(KOSA8DESK_FUZZ)
    message(FATAL_ERROR "KOSA8DESK_FUZZ instruments the fuzz harnesses itself; use it without KOSA8DESK_SANITIZE")
endif()

# Whole stacks in the reports, also through inlined Qt templates.
list(APPEND k8_sanitize_flags -fno-omit-frame-pointer)
add_compile_options(${k8_sanitize_flags})
add_link_options(${k8_sanitize_flags})
message(STATUS "kosa8 Desk: sanitizers on (${KOSA8DESK_SANITIZE}): ${k8_sanitize_flags}")
