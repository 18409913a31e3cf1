# SPDX-License-Identifier: Apache-2.0
"""The package version; equal to the kosa8 Desk app's version (top CMakeLists.txt)."""

__version__ = "0.1.0"
