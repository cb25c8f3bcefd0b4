wallaudit_embed(dschingis_bohn_modelled_19 ${CMAKE_CURRENT_LIST_DIR}/data/modelled-19.xml)
wallaudit_embed(dschingis_bohn_rules ${CMAKE_CURRENT_LIST_DIR}/data/rules.txt)
wallaudit_embed(dschingis_bohn_rules_evidence ${CMAKE_CURRENT_LIST_DIR}/data/rules-evidence.txt)
