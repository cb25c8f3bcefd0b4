wallaudit_embed(catan_great_wall_modelled_board ${CMAKE_CURRENT_LIST_DIR}/data/great-wall-modelled.xml)
