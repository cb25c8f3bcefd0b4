wallaudit_embed(core_rules ${CMAKE_CURRENT_LIST_DIR}/data/rules.txt)
wallaudit_embed(core_rules_evidence ${CMAKE_CURRENT_LIST_DIR}/data/rules-evidence.txt)
