# SPDX-License-Identifier: Apache-2.0
# Debian package of the GUI and the CLI: `cpack -G DEB` in the build folder
# (see packaging/test-deb.sh). Included at the end of the top-level
# CMakeLists.txt, after every install rule.
set(CPACK_PACKAGE_NAME profscope)
set(CPACK_PACKAGE_VENDOR "The Profscope developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "native viewer for MindSpore / Ascend PyTorch profiler data")
set(CPACK_PACKAGE_DESCRIPTION "\
Profscope opens the performance profiles written by the MindSpore Profiler
and the Ascend PyTorch (torch_npu) profiler, for one NPU card or a whole
training cluster, straight from the profile folders: rank discovery,
parallel loading, and an import report for every file.
.
The package contains the desktop viewer (profscope) and profscope-cli for
inspecting profiles from a terminal or a script.")
set(PROFSCOPE_PACKAGE_MAINTAINER "The Profscope developers <maintainers@profscope.invalid>"
    CACHE STRING "Maintainer field of the Debian package: Name <email>")
set(CPACK_PACKAGE_CONTACT "${PROFSCOPE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # profscope_<version>_<arch>.deb
# dpkg-shlibdeps (dpkg-dev) computes Depends from the linked libraries: Qt 6,
# QCustomPlot, simdjson, libstdc++. The X11 platform plugin is in libqt6gui6;
# Wayland's and Qt's own translations are optional.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)

include(CPack)
