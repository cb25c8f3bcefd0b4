wallaudit_embed(great_wall_rules ${CMAKE_CURRENT_LIST_DIR}/data/rules.txt)
wallaudit_embed(great_wall_rules_evidence ${CMAKE_CURRENT_LIST_DIR}/data/rules-evidence.txt)
