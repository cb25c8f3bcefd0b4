# wallaudit_embed(SYMBOL FILE): compiles FILE into the library as
# `extern const std::string_view SYMBOL` (namespace wallaudit::embedded).
set(WALLAUDIT_EMBEDDED_SOURCES)
function(wallaudit_embed symbol file)
  set(out ${CMAKE_BINARY_DIR}/generated/embed_${symbol}.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DSYMBOL=${symbol} -DINPUT=${file} -DOUTPUT=${out}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFile.cmake
    DEPENDS ${file} ${PROJECT_SOURCE_DIR}/cmake/EmbedFile.cmake
    COMMENT "Embedding ${file}")
  set(WALLAUDIT_EMBEDDED_SOURCES ${WALLAUDIT_EMBEDDED_SOURCES} ${out} PARENT_SCOPE)
endfunction()
