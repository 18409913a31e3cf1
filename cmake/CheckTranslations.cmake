# SPDX-License-Identifier: Apache-2.0
# Run by ctest (translations_complete): refreshes a copy of each .ts file with lupdate over the
# sources the app is built from, then fails when the copy holds an unfinished entry. lupdate marks
# a string it finds in the code but not in the file as unfinished, so one check catches both a
# string nobody extracted yet and a translation nobody finished. The committed files stay as
# they are; `cmake --build . --target update_translations` refreshes them.
#
# Variables: LUPDATE (the tool), SOURCES_LIST (a file naming the sources, one per line),
# INCLUDE_DIRS (;-list: without them lupdate cannot tell which namespace a class in a .cpp file
# belongs to, and files its strings under the wrong context), TS_FILES (;-list of .ts files),
# WORK_DIR (where the copies go); optional LUPDATE_EXTRA (-pluralonly for the English plural forms).
cmake_minimum_required(VERSION 3.16)

foreach(var LUPDATE SOURCES_LIST INCLUDE_DIRS TS_FILES WORK_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "CheckTranslations.cmake: ${var} is not set")
    endif()
endforeach()

set(include_options)
foreach(dir IN LISTS INCLUDE_DIRS)
    list(APPEND include_options -I "${dir}")
endforeach()

file(MAKE_DIRECTORY "${WORK_DIR}")
set(failed OFF)
foreach(ts IN LISTS TS_FILES)
    get_filename_component(name "${ts}" NAME)
    set(copy "${WORK_DIR}/${name}")
    file(COPY_FILE "${ts}" "${copy}")
    execute_process(
        COMMAND "${LUPDATE}" -silent -no-obsolete -locations none ${LUPDATE_EXTRA} ${include_options} "@${SOURCES_LIST}" -ts "${copy}"
        RESULT_VARIABLE result
        OUTPUT_VARIABLE output
        ERROR_VARIABLE output)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "lupdate failed on ${name} (${result}):\n${output}")
    endif()
    file(READ "${copy}" text)
    # CMake lists are ;-separated: a ';' in a string would split its entry in the report.
    string(REPLACE ";" "," text "${text}")
    # Each unfinished entry, named by its context and source text, so the message says what to do.
    string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*(<comment>[^<]*</comment>[ \t\r\n]*)?<translation type=\"unfinished\""
        unfinished "${text}")
    list(LENGTH unfinished count)
    if(count GREATER 0)
        set(failed ON)
        message("${name}: ${count} string(s) without a finished translation:")
        foreach(entry IN LISTS unfinished)
            string(REGEX REPLACE "^<source>([^<]*)</source>.*$" "\\1" source "${entry}")
            message("  ${source}")
        endforeach()
    else()
        message("${name}: every string in the code has a finished translation")
    endif()
endforeach()
if(failed)
    message(FATAL_ERROR "Translations are incomplete: run `cmake --build <build> --target "
        "update_translations`, translate the entries named above in Qt Linguist or the .ts file, "
        "and remove their type=\"unfinished\".")
endif()
