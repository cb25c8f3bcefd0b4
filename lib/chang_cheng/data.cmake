wallaudit_embed(chang_cheng_standard_boards ${CMAKE_CURRENT_LIST_DIR}/data/standard-boards.xml)
