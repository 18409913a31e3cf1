# SPDX-License-Identifier: Apache-2.0
# Shared build helpers for kosa8 Desk.

# Compiler warnings for every target of ours; errors when KOSA8DESK_WERROR is on.
function(k8_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
        -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough)
    if(KOSA8DESK_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
    if(KOSA8DESK_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        # The sanitizers' instrumentation makes gcc's -Wmaybe-uninitialized flag uses that cannot
        # happen (the TSan build flagged HitlShape.cpp); the normal build keeps the warning, as an
        # error with WERROR, so a real case still fails there.
        target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
    endif()
    target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
        QT_NO_URL_CAST_FROM_STRING QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_NO_KEYWORDS)
endfunction()

# Adds every immediate sub-folder of the current source dir that has a CMakeLists.txt,
# so a new feature folder or test folder needs no edit to a shared file.
function(k8_add_subfolders)
    file(GLOB children LIST_DIRECTORIES true RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*)
    list(SORT children)
    foreach(child ${children})
        if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/${child} AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${child}/CMakeLists.txt)
            add_subdirectory(${child})
        endif()
    endforeach()
endfunction()

# A static library made of every .cpp/.h in the current folder. Its Qt Designer forms are in
# ui/<folder>/ (same folder name as the sources' folder): autouic looks for the forms its sources
# include (`#include "ui_X.h"`) there, so a new feature folder with forms needs no edit here.
#   k8_library(NAME target LIBS dep...)
function(k8_library)
    cmake_parse_arguments(K8 "" "NAME" "LIBS" ${ARGN})
    file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp ${CMAKE_CURRENT_SOURCE_DIR}/*.h
        ${CMAKE_CURRENT_SOURCE_DIR}/*.qrc)
    add_library(${K8_NAME} STATIC ${sources})
    # Headers are included as "<folder>/<File>.h" relative to the layer (src/core, src/app), so
    # the layer folder is public too. A room of a folder (src/core/agent/ledger) is included as
    # "agent/ledger/<File>.h" from the same layer, and its forms would be those of its folder.
    file(RELATIVE_PATH k8_relative ${CMAKE_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR})
    string(REPLACE "/" ";" k8_parts "${k8_relative}")
    list(GET k8_parts 0 k8_layer)
    list(GET k8_parts 1 k8_feature)
    set(k8_layer_dir ${CMAKE_SOURCE_DIR}/src/${k8_layer})
    target_include_directories(${K8_NAME} PUBLIC ${CMAKE_SOURCE_DIR}/src ${k8_layer_dir})
    target_link_libraries(${K8_NAME} PUBLIC ${K8_LIBS})
    k8_warnings(${K8_NAME})
    if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/ui/${k8_feature})
        set_property(TARGET ${K8_NAME} PROPERTY AUTOUIC_SEARCH_PATHS ${CMAKE_SOURCE_DIR}/ui/${k8_feature})
    endif()
    set_property(GLOBAL APPEND PROPERTY K8_TRANSLATABLE_SOURCES ${sources})
endfunction()

# A QtTest executable registered with ctest.
#   k8_qtest(NAME tst_foo SOURCES tst_foo.cpp LIBS k8core_kosa8 [ENV VAR=value...] [LABELS l...] [TIMEOUT s])
# Every test runs offscreen and gets the stand-in's path in KOSA8_STANDIN.
function(k8_qtest)
    cmake_parse_arguments(K8 "" "NAME;TIMEOUT" "SOURCES;LIBS;ENV;LABELS" ${ARGN})
    add_executable(${K8_NAME} ${K8_SOURCES})
    target_link_libraries(${K8_NAME} PRIVATE Qt6::Test ${K8_LIBS})
    target_include_directories(${K8_NAME} PRIVATE ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/tests)
    k8_warnings(${K8_NAME})
    add_test(NAME ${K8_NAME} COMMAND ${K8_NAME})
    if(NOT K8_TIMEOUT)
        set(K8_TIMEOUT 300)
    endif()
    if(KOSA8DESK_SANITIZE)
        # Sanitized code runs several times slower (cmake/Sanitizers.cmake, tests/support/Waits.h).
        math(EXPR K8_TIMEOUT "${K8_TIMEOUT} * 3")
    endif()
    set_tests_properties(${K8_NAME} PROPERTIES TIMEOUT ${K8_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KOSA8_STANDIN=${CMAKE_SOURCE_DIR}/tests/standin/kosa8;KOSA8_DESK_BINARY=$<TARGET_FILE:kosa8-desk>;${K8_ENV}")
    if(K8_LABELS)
        set_tests_properties(${K8_NAME} PROPERTIES LABELS "${K8_LABELS}")
    endif()
endfunction()

# Link options for the executables people start (kosa8-desk, and bench_bare_window, its start-up
# floor, built the same way). Packed relative relocations (DT_RELR: GNU ld 2.38+, glibc 2.36+)
# are applied faster by the dynamic loader before main(): about 7% less loader time for
# kosa8-desk (bench/README.md, bench_startup). Only where the linker takes it and the result links
# (check_linker_flag links a program): never on macOS, whose linker has no such option.
include(CheckLinkerFlag)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    check_linker_flag(CXX "-Wl,-z,pack-relative-relocs" K8_LINKER_PACKS_RELATIVE_RELOCS)
endif()
function(k8_executable_link_options target)
    if(K8_LINKER_PACKS_RELATIVE_RELOCS)
        target_link_options(${target} PRIVATE -Wl,-z,pack-relative-relocs)
    endif()
endfunction()
