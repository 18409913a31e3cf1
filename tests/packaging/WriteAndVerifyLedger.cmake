# SPDX-License-Identifier: Apache-2.0
# packaging_sample_ledger_current (tests/packaging/CMakeLists.txt): writes a ledger with WRITER
# into OUT, then prints what DESK --verify-ledger says of it (the test matches that output).
get_filename_component(out_dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${out_dir})
execute_process(COMMAND ${WRITER} ${OUT} RESULT_VARIABLE written)
if(NOT written EQUAL 0)
    message(FATAL_ERROR "${WRITER} failed: ${written}")
endif()
execute_process(COMMAND ${DESK} --verify-ledger ${OUT} RESULT_VARIABLE verified OUTPUT_VARIABLE said ERROR_VARIABLE said)
message("${said}")
if(NOT verified EQUAL 0)
    message(FATAL_ERROR "${DESK} --verify-ledger ${OUT} exited ${verified}")
endif()
