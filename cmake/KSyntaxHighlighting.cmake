# SPDX-License-Identifier: Apache-2.0
# KSyntaxHighlighting (KDE Frameworks) for the code editor.
#
# The system's KF6SyntaxHighlighting where there is one (Debian 13, Fedora, Arch, Homebrew's KDE
# tap); otherwise KSyntaxHighlighting 6.8.0 and the Extra CMake Modules it needs are built here,
# statically, into <build>/third_party, with ExternalProject:
#   - from the upstream git repositories, pinned to the v6.8.0 commits, or
#   - from a folder of source archives (KOSA8DESK_THIRD_PARTY_ARCHIVES, a cache variable, or the
#     environment variable of the same name) for machines without access to source hosts; each
#     archive's SHA-256 is checked.
# 6.8.0 is the newest release that asks only for Qt 6.5, and it builds on Qt 6.4 with the changes
# in cmake/patches/ (applied during the build). Built once: ExternalProject's stamp files keep a
# reconfigure or a rebuild from touching it again while its inputs stay the same.
#
# Result: the target KF6::SyntaxHighlighting, and KOSA8DESK_KSYNTAX_BUNDLED (ON when built here).

set(KOSA8DESK_KSYNTAX AUTO CACHE STRING
    "Where KSyntaxHighlighting comes from: AUTO (the system's, else built here), SYSTEM, BUNDLED")
set_property(CACHE KOSA8DESK_KSYNTAX PROPERTY STRINGS AUTO SYSTEM BUNDLED)
set(KOSA8DESK_KDE_GIT "https://invent.kde.org/frameworks" CACHE STRING
    "Where the KDE repositories are cloned from (a mirror such as https://github.com/KDE also works; the commits stay pinned)")
set(KOSA8DESK_THIRD_PARTY_ARCHIVES "" CACHE PATH
    "Folder with syntax-highlighting-6.8.0.tar.gz and extra-cmake-modules-6.8.0.tar.gz (instead of git)")

if(NOT KOSA8DESK_KSYNTAX MATCHES "^(AUTO|SYSTEM|BUNDLED)$")
    message(FATAL_ERROR "KOSA8DESK_KSYNTAX is '${KOSA8DESK_KSYNTAX}'; allowed: AUTO, SYSTEM, BUNDLED "
        "(the editor has no highlighter of its own any more, so OFF is gone)")
endif()

set(KOSA8DESK_KSYNTAX_BUNDLED OFF)
if(NOT KOSA8DESK_KSYNTAX STREQUAL "BUNDLED")
    find_package(KF6SyntaxHighlighting QUIET)
    if(KF6SyntaxHighlighting_FOUND)
        message(STATUS "kosa8 Desk: KSyntaxHighlighting ${KF6SyntaxHighlighting_VERSION} from the system")
        return()
    elseif(KOSA8DESK_KSYNTAX STREQUAL "SYSTEM")
        message(FATAL_ERROR "KOSA8DESK_KSYNTAX=SYSTEM but KF6SyntaxHighlighting was not found "
            "(install it, or use AUTO or BUNDLED to build it here)")
    endif()
endif()
set(KOSA8DESK_KSYNTAX_BUNDLED ON)

include(ExternalProject)
include(ProcessorCount)
# Extracted files get the time of extraction, so nothing downstream looks older than its input.
if(POLICY CMP0135)
    cmake_policy(SET CMP0135 NEW)
endif()

# What the build needs beyond a C++ compiler and Qt: said now rather than halfway through.
find_package(Perl REQUIRED)
find_program(KOSA8DESK_PATCH_EXECUTABLE patch REQUIRED)
find_package(Qt6 REQUIRED COMPONENTS Gui Network LinguistTools)

set(k8_ksyntax_version 6.8.0)
set(k8_ksyntax_commit 08f3858347eb727520b29abc576286e17ee67b91)
set(k8_ksyntax_sha256 879fd381d4f8f6932f9084d3e742080d06dcef331d86b53d5e45c8d541148978)
set(k8_ecm_commit 02e39e9538d3699e470194c989f7047efe44d2cc)
set(k8_ecm_sha256 15198bdd7613ed2bf11a92354e6e88b83eefa0cee7d71da3bb03ba92805509b7)

set(k8_third_party_dir ${CMAKE_BINARY_DIR}/third_party)
set(k8_third_party_prefix ${k8_third_party_dir}/install)

set(k8_archives "${KOSA8DESK_THIRD_PARTY_ARCHIVES}")
if(k8_archives STREQUAL "" AND DEFINED ENV{KOSA8DESK_THIRD_PARTY_ARCHIVES})
    set(k8_archives "$ENV{KOSA8DESK_THIRD_PARTY_ARCHIVES}")
endif()
if(NOT k8_archives STREQUAL "")
    get_filename_component(k8_archives "${k8_archives}" ABSOLUTE BASE_DIR ${CMAKE_SOURCE_DIR})
endif()

# Where one project's sources come from: the archive when a folder of archives is named (it must
# then hold it: a silent fall-back to the network would hang an offline build), git otherwise.
function(k8_third_party_source out name commit sha256 repository)
    if(k8_archives STREQUAL "")
        # A pinned commit never needs updating. Without UPDATE_DISCONNECTED the git update step
        # runs on every build and takes patch, configure, build and install with it.
        set(${out} GIT_REPOSITORY ${repository} GIT_TAG ${commit} GIT_PROGRESS OFF UPDATE_DISCONNECTED TRUE
            PARENT_SCOPE)
        message(STATUS "kosa8 Desk: ${name} from ${repository} at ${commit}")
    else()
        set(archive ${k8_archives}/${name}.tar.gz)
        if(NOT EXISTS ${archive})
            message(FATAL_ERROR "KOSA8DESK_THIRD_PARTY_ARCHIVES names ${k8_archives}, which has no ${name}.tar.gz")
        endif()
        set(${out} URL ${archive} URL_HASH SHA256=${sha256} PARENT_SCOPE)
        message(STATUS "kosa8 Desk: ${name} from ${archive}")
    endif()
endfunction()

# The patch command of one project. The patch's own hash names the project's folders, so editing
# a patch starts that project afresh from unpatched sources instead of patching patched ones.
function(k8_patch_step out_command out_tag patch)
    file(SHA256 ${patch} hash)
    string(SUBSTRING ${hash} 0 12 tag)
    set(${out_tag} ${tag} PARENT_SCOPE)
    set(${out_command} ${CMAKE_COMMAND} -DPATCH_EXECUTABLE=${KOSA8DESK_PATCH_EXECUTABLE} -DPATCH_FILE=${patch}
        -P ${CMAKE_SOURCE_DIR}/cmake/ApplyPatch.cmake PARENT_SCOPE)
endfunction()

ProcessorCount(k8_cores)
if(k8_cores EQUAL 0)
    set(k8_cores 2)
endif()
set(KOSA8DESK_THIRD_PARTY_JOBS ${k8_cores} CACHE STRING "Parallel jobs for building the third-party libraries")

# Their own flags, not ours (-Werror is for our code): only the compiler, its launcher (ccache)
# and where Qt is are handed on.
set(k8_third_party_cache_args
    -DCMAKE_BUILD_TYPE:STRING=Release
    -DCMAKE_INSTALL_PREFIX:PATH=${k8_third_party_prefix}
    -DQt6_DIR:PATH=${Qt6_DIR}
    -DCMAKE_CXX_COMPILER:FILEPATH=${CMAKE_CXX_COMPILER})
# A list on a command line: ExternalProject turns the LIST_SEPARATOR back into semicolons.
string(REPLACE ";" "|" k8_third_party_prefix_path "${k8_third_party_prefix};${CMAKE_PREFIX_PATH}")
if(CMAKE_CXX_COMPILER_LAUNCHER)
    list(APPEND k8_third_party_cache_args -DCMAKE_CXX_COMPILER_LAUNCHER:STRING=${CMAKE_CXX_COMPILER_LAUNCHER}
        -DCMAKE_C_COMPILER_LAUNCHER:STRING=${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
if(CMAKE_OSX_DEPLOYMENT_TARGET)
    list(APPEND k8_third_party_cache_args -DCMAKE_OSX_DEPLOYMENT_TARGET:STRING=${CMAKE_OSX_DEPLOYMENT_TARGET})
endif()

# Extra CMake Modules: CMake files only, so configure and install is all it takes.
k8_third_party_source(k8_ecm_source extra-cmake-modules-${k8_ksyntax_version} ${k8_ecm_commit} ${k8_ecm_sha256}
    ${KOSA8DESK_KDE_GIT}/extra-cmake-modules.git)
k8_patch_step(k8_ecm_patch k8_ecm_tag ${CMAKE_SOURCE_DIR}/cmake/patches/extra-cmake-modules-6.8.0-no-docs.patch)
ExternalProject_Add(k8_ecm
    PREFIX ${k8_third_party_dir}/ecm-${k8_ksyntax_version}-${k8_ecm_tag}
    ${k8_ecm_source}
    PATCH_COMMAND ${k8_ecm_patch}
    LIST_SEPARATOR |
    CMAKE_ARGS -DCMAKE_PREFIX_PATH=${k8_third_party_prefix_path}
    CMAKE_CACHE_ARGS ${k8_third_party_cache_args} -DBUILD_TESTING:BOOL=OFF -DBUILD_HTML_DOCS:BOOL=OFF
        -DBUILD_MAN_DOCS:BOOL=OFF -DBUILD_QTHELP_DOCS:BOOL=OFF
    LOG_DOWNLOAD ON LOG_PATCH ON LOG_CONFIGURE ON LOG_BUILD ON LOG_INSTALL ON LOG_OUTPUT_ON_FAILURE ON)

# KSyntaxHighlighting: the static library with all syntax definitions and themes compiled in.
# No examples, tests, API docs, Qt Quick bindings or XercesC validation: none is used here.
set(k8_ksyntax_library
    ${k8_third_party_prefix}/lib/${CMAKE_STATIC_LIBRARY_PREFIX}KF6SyntaxHighlighting${CMAKE_STATIC_LIBRARY_SUFFIX})
k8_third_party_source(k8_ksyntax_source syntax-highlighting-${k8_ksyntax_version} ${k8_ksyntax_commit}
    ${k8_ksyntax_sha256} ${KOSA8DESK_KDE_GIT}/syntax-highlighting.git)
k8_patch_step(k8_ksyntax_patch k8_ksyntax_tag ${CMAKE_SOURCE_DIR}/cmake/patches/syntax-highlighting-6.8.0-qt6.4.patch)
ExternalProject_Add(k8_ksyntaxhighlighting
    PREFIX ${k8_third_party_dir}/syntax-highlighting-${k8_ksyntax_version}-${k8_ksyntax_tag}
    ${k8_ksyntax_source}
    DEPENDS k8_ecm
    PATCH_COMMAND ${k8_ksyntax_patch}
    LIST_SEPARATOR |
    CMAKE_ARGS -DCMAKE_PREFIX_PATH=${k8_third_party_prefix_path}
    CMAKE_CACHE_ARGS ${k8_third_party_cache_args}
        -DECM_DIR:PATH=${k8_third_party_prefix}/share/ECM/cmake
        -DBUILD_SHARED_LIBS:BOOL=OFF
        -DBUILD_TESTING:BOOL=OFF
        -DBUILD_QCH:BOOL=OFF
        -DDISABLE_ALL_OPTIONAL_SUBDIRECTORIES:BOOL=ON
        -DKSYNTAXHIGHLIGHTING_USE_GUI:BOOL=ON
        -DKDE_INSTALL_LIBDIR:PATH=lib
        -DCMAKE_INSTALL_LIBDIR:PATH=lib
        -DCMAKE_DISABLE_FIND_PACKAGE_XercesC:BOOL=ON
        -DCMAKE_DISABLE_FIND_PACKAGE_Qt6Quick:BOOL=ON
    BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --parallel ${KOSA8DESK_THIRD_PARTY_JOBS}
    # Ninja must know which rule makes the library our targets link.
    BUILD_BYPRODUCTS ${k8_ksyntax_library}
    LOG_DOWNLOAD ON LOG_PATCH ON LOG_CONFIGURE ON LOG_BUILD ON LOG_INSTALL ON LOG_OUTPUT_ON_FAILURE ON)

# The installed library as the target a system installation would give. Its usage requirements
# are upstream's (src/lib/CMakeLists.txt: PUBLIC Qt6::Gui, PRIVATE Qt6::Network, which a static
# library hands on to whoever links it). The include folder must exist before the first build.
set(k8_ksyntax_includes ${k8_third_party_prefix}/include/KF6/KSyntaxHighlighting)
file(MAKE_DIRECTORY ${k8_ksyntax_includes})
add_library(KF6::SyntaxHighlighting STATIC IMPORTED GLOBAL)
set_target_properties(KF6::SyntaxHighlighting PROPERTIES
    IMPORTED_LOCATION ${k8_ksyntax_library}
    INTERFACE_INCLUDE_DIRECTORIES ${k8_ksyntax_includes}
    INTERFACE_LINK_LIBRARIES "Qt6::Gui;Qt6::Network")
add_dependencies(KF6::SyntaxHighlighting k8_ksyntaxhighlighting)
message(STATUS "kosa8 Desk: KSyntaxHighlighting ${k8_ksyntax_version} built here, into ${k8_third_party_dir}")
