# SPDX-License-Identifier: Apache-2.0
# What `cmake --install` puts where, and the Debian package CPack makes of it (packaging/README.md).
# Included from the top-level CMakeLists.txt before src/ (src/app/CMakeLists.txt installs the
# binary and uses KOSA8DESK_MACOS_BUNDLE_ID).
#
#   bin/kosa8-desk                                         (src/app/CMakeLists.txt)
#   share/applications/kosa8-desk.desktop
#   share/metainfo/<KOSA8DESK_APPSTREAM_ID>.metainfo.xml   (configured from the .in template)
#   share/icons/hicolor/scalable/apps/kosa8-desk.svg
#   share/icons/hicolor/<N>x<N>/apps/kosa8-desk.png        (rendered from the SVG while building)
#
# KSyntaxHighlighting, where the build makes it (cmake/KSyntaxHighlighting.cmake), is a static
# library linked into the binary: the package ships no library of its own.

include(GNUInstallDirs)

set(KOSA8DESK_APPSTREAM_ID "dev.kosa8.desk" CACHE STRING
    "AppStream component id (reverse DNS); the metainfo file is named after it")
# The same name for macOS (CFBundleIdentifier, packaging/macos/Info.plist.in).
set(KOSA8DESK_MACOS_BUNDLE_ID "${KOSA8DESK_APPSTREAM_ID}" CACHE STRING "macOS bundle identifier")
# AppStream wants https URLs for screenshots and the project has no public home yet: one place to
# set it (packaging/kosa8-desk.metainfo.xml.in says so too). The files under it are
# docs/screenshots/*.png, same names.
set(KOSA8DESK_SCREENSHOT_BASE_URL "https://kosa8-desk.invalid/screenshots" CACHE STRING
    "https URL under which docs/screenshots/*.png are published, for the AppStream metainfo")
# The date of the release PROJECT_VERSION names, for the metainfo's <releases>. Change it with
# the version.
set(KOSA8DESK_RELEASE_DATE "2026-12-02")

set(k8_packaging_dir ${CMAKE_SOURCE_DIR}/packaging)
set(k8_packaging_build_dir ${CMAKE_BINARY_DIR}/packaging)
set(KOSA8DESK_DESKTOP_FILE ${k8_packaging_dir}/kosa8-desk.desktop)
set(KOSA8DESK_METAINFO_FILE ${k8_packaging_build_dir}/${KOSA8DESK_APPSTREAM_ID}.metainfo.xml)
configure_file(${k8_packaging_dir}/kosa8-desk.metainfo.xml.in ${KOSA8DESK_METAINFO_FILE} @ONLY)

install(FILES ${KOSA8DESK_DESKTOP_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${KOSA8DESK_METAINFO_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
# Debian packages carry their licence as /usr/share/doc/<package>/copyright.
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/kosa8-desk RENAME copyright)

# The icon: the SVG for every size, and PNGs for the places that want fixed sizes (panels, docks,
# older themes). Rendered with Qt's SVG renderer by a small tool built here (render-icon.cpp).
set(KOSA8DESK_ICON_SVG ${k8_packaging_dir}/icons/kosa8-desk.svg)
set(KOSA8DESK_ICON_SIZES 16 24 32 48 64 128 256 512)
qt_add_executable(k8_render_icon ${k8_packaging_dir}/icons/render-icon.cpp)
set_target_properties(k8_render_icon PROPERTIES MACOSX_BUNDLE OFF)
target_link_libraries(k8_render_icon PRIVATE Qt6::Gui Qt6::Svg)
k8_warnings(k8_render_icon)
set(k8_icon_pngs)
foreach(size ${KOSA8DESK_ICON_SIZES})
    set(png ${k8_packaging_build_dir}/icons/${size}x${size}/kosa8-desk.png)
    add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${k8_packaging_build_dir}/icons/${size}x${size}
        # default.warning: QStandardPaths' note that XDG_RUNTIME_DIR is unset, on every build machine.
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen QT_LOGGING_RULES=default.warning=false
            $<TARGET_FILE:k8_render_icon>
            ${KOSA8DESK_ICON_SVG} ${size} ${png}
        DEPENDS k8_render_icon ${KOSA8DESK_ICON_SVG}
        COMMENT "Rendering the ${size}x${size} app icon"
        VERBATIM)
    list(APPEND k8_icon_pngs ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
# A sanitized build (cmake/Sanitizers.cmake) makes no package and would run the tool instrumented
# during the build; the icons are then built only when asked for.
if(KOSA8DESK_SANITIZE)
    add_custom_target(k8_icons DEPENDS ${k8_icon_pngs})
else()
    add_custom_target(k8_icons ALL DEPENDS ${k8_icon_pngs})
endif()
install(FILES ${KOSA8DESK_ICON_SVG} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# ---- The Debian package: `cpack -G DEB` in the build folder -----------------------------------
set(CPACK_PACKAGE_NAME kosa8-desk)
set(CPACK_PACKAGE_VENDOR "The kosa8 Desk contributors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The build is RelWithDebInfo; the package carries the code, not the debug information.
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(KOSA8DESK_PACKAGE_MAINTAINER "The kosa8 Desk contributors <kosa8-desk@invalid>" CACHE STRING
    "The Debian package's Maintainer field (no public address yet)")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${KOSA8DESK_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# CPack makes the control file's Description: the summary above as its first line, then this,
# each line indented by one space.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "kosa8 Desk lets AI agents (LangChain, LangGraph, any script, MCP clients) ask a
person before their code runs: the person reviews the code in an editor that
shows hidden characters, edits, rejects or approves it, and approved code runs
in a kosa8 microVM sandbox, checkpointed first. Every decision is recorded in
a hash-chained ledger. Needs the kosa8 command line for the sandboxes.")
# The libraries the binary links (Qt 6 Widgets, Gui, Network and Svg, spdlog and fmt, and
# QtKeychain once the keychain work links it) become Depends through dpkg-shlibdeps, so the list
# follows the link line by itself; tests/packaging/check-deb.sh checks the Qt ones are there.
# OpenSSL's libcrypto is opened when the app first hashes, not linked (src/core/agent/
# canonical/CMakeLists.txt): libqt6network6 depends on the package that holds it, and without it the app
# hashes with Qt's code.
# libqt6svg6 also holds the SVG icon engine plugin Qt loads for the app's icons: it comes in
# because the binary links QtSvg. What dpkg-shlibdeps cannot see is recommended: the Wayland
# platform plugin (the X11 one is in libqt6gui6).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
if(APPLE)
    # Not built here: packaging/macos/deploy.sh makes the macOS bundle and disk image.
    set(CPACK_GENERATOR DragNDrop)
endif()
include(CPack)
