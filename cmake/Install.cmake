# What `cmake --install` puts under the prefix, and the Debian package CPack makes of it.
include(CMakePackageConfigHelpers)

install(TARGETS wallaudit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS wallaudit_api wallaudit_lib wallaudit_cli EXPORT wallaudit-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Public headers: include/wallaudit/*.hpp, and the core headers they include, as
# <wallaudit/core/...> ("core/..." from inside).
install(DIRECTORY include/wallaudit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY lib/core/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/wallaudit/core
        FILES_MATCHING PATTERN "*.hpp")

install(DIRECTORY ${WALLAUDIT_DOCS_DIR}/man1 DESTINATION ${CMAKE_INSTALL_MANDIR})
install(FILES ${WALLAUDIT_DOCS_DIR}/completions/wallaudit
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${WALLAUDIT_DOCS_DIR}/completions/_wallaudit
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(DIRECTORY schemas/ DESTINATION ${CMAKE_INSTALL_DATADIR}/wallaudit/schemas)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/wallaudit/docs)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/wallaudit/docs)

set(WALLAUDIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/wallaudit)
install(EXPORT wallaudit-targets NAMESPACE wallaudit:: DESTINATION ${WALLAUDIT_CMAKE_DIR})
configure_package_config_file(cmake/wallaudit-config.cmake.in
  ${CMAKE_BINARY_DIR}/generated/wallaudit-config.cmake INSTALL_DESTINATION ${WALLAUDIT_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/generated/wallaudit-config-version.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/generated/wallaudit-config.cmake
        ${CMAKE_BINARY_DIR}/generated/wallaudit-config-version.cmake
        DESTINATION ${WALLAUDIT_CMAKE_DIR})
# The .pc file finds the prefix from where it lies, so that any --prefix works.
file(RELATIVE_PATH WALLAUDIT_PC_TO_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
configure_file(cmake/wallaudit.pc.in ${CMAKE_BINARY_DIR}/generated/wallaudit.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/generated/wallaudit.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# cpack -G DEB (in the build directory): a .deb depending on the Debian library packages.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME wallaudit)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "wallaudit maintainers <wallaudit@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "rules validator for logged games of the Great Wall family of board games")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_STRIP_FILES ON)  # the program without its debugging information
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
# The program's shared libraries, found by dpkg-shlibdeps; the headers' and the library's
# build dependencies for consumers of the C++ library and the Python module.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libpugixml-dev, libfmt-dev, libboost-program-options-dev, libarchive-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3")
include(CPack)
