wallaudit_embed(dschingis_bohn_modelled_19 ${CMAKE_CURRENT_LIST_DIR}/data/modelled-19.xml)
