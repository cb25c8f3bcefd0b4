wallaudit_embed(catan_great_wall_modelled_board ${CMAKE_CURRENT_LIST_DIR}/data/great-wall-modelled.xml)
wallaudit_embed(catan_great_wall_rules ${CMAKE_CURRENT_LIST_DIR}/data/rules.txt)
wallaudit_embed(catan_great_wall_rules_evidence ${CMAKE_CURRENT_LIST_DIR}/data/rules-evidence.txt)
