# SPDX-License-Identifier: Apache-2.0
# Applies one patch file to the current folder, once: a patch that is already in is left alone,
# so running the step again (ExternalProject re-running a step, a half-finished earlier build)
# cannot fail on "previously applied". GNU or BSD patch, not git apply: the source folder lies
# inside our own git work tree, where `git apply` would resolve paths against the wrong repository.
#   cmake -DPATCH_EXECUTABLE=/usr/bin/patch -DPATCH_FILE=/path/x.patch -P ApplyPatch.cmake
foreach(var PATCH_EXECUTABLE PATCH_FILE)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "ApplyPatch.cmake: ${var} is not set")
    endif()
endforeach()

execute_process(COMMAND ${PATCH_EXECUTABLE} -p1 -R --dry-run --force --silent -i ${PATCH_FILE}
    RESULT_VARIABLE reverse_result OUTPUT_QUIET ERROR_QUIET)
if(reverse_result EQUAL 0)
    message(STATUS "${PATCH_FILE} is already applied")
    return()
endif()

execute_process(COMMAND ${PATCH_EXECUTABLE} -p1 --forward --batch -i ${PATCH_FILE} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "Could not apply ${PATCH_FILE} in ${CMAKE_CURRENT_SOURCE_DIR} (patch exited with ${result})")
endif()
