wallaudit_embed(chang_cheng_standard_boards ${CMAKE_CURRENT_LIST_DIR}/data/standard-boards.xml)
wallaudit_embed(chang_cheng_rules ${CMAKE_CURRENT_LIST_DIR}/data/rules.txt)
wallaudit_embed(chang_cheng_rules_evidence ${CMAKE_CURRENT_LIST_DIR}/data/rules-evidence.txt)
