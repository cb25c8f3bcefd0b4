# Writes the man pages wallaudit(1) and wallaudit-COMMAND(1) and the bash and zsh completions
# from the help the built program prints, so that they never differ from it.
# Usage: cmake -DWALLAUDIT=path/to/wallaudit -DOUT=dir -DVERSION=x.y.z -P HelpDocs.cmake
execute_process(COMMAND ${WALLAUDIT} --help OUTPUT_VARIABLE main_help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${WALLAUDIT} --help failed (${rc})")
endif()

# The commands: the lines "  NAME   summary" under "commands:".
string(REGEX MATCH "commands:\n(.*)\n\noptions:" block "${main_help}")
string(REPLACE "\n" ";" lines "${CMAKE_MATCH_1}")
set(commands)
foreach(line IN LISTS lines)
  if(line MATCHES "^  ([a-z]+)  +(.*)$")
    list(APPEND commands ${CMAKE_MATCH_1})
    set(summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "no command found in ${WALLAUDIT} --help")
endif()

# roff: the help verbatim (no fill), backslashes and leading dots escaped.
function(roff_verbatim out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(write_man file name summary help see_also)
  string(REGEX MATCH "^usage: ([^\n]*)\n\n?(.*)$" ignored "${help}")
  set(usage "${CMAKE_MATCH_1}")
  set(body "${CMAKE_MATCH_2}")
  roff_verbatim(usage "${usage}")
  roff_verbatim(body "${body}")
  string(TOUPPER "${name}" upper)
  string(REPLACE "-" "\\-" roff_name "${name}")
  file(WRITE ${file} ".TH ${upper} 1 \"\" \"wallaudit ${VERSION}\" \"User Commands\"\n"
    ".SH NAME\n${roff_name} \\- ${summary}\n"
    ".SH SYNOPSIS\n.nf\n${usage}\n.fi\n"
    ".SH DESCRIPTION\n.nf\n${body}.fi\n"
    ".SH SEE ALSO\n${see_also}\n")
endfunction()

file(MAKE_DIRECTORY ${OUT}/man1 ${OUT}/completions)
set(see_all)
foreach(cmd IN LISTS commands)
  list(APPEND see_all "\\fBwallaudit\\-${cmd}\\fR(1)")
endforeach()
string(REPLACE ";" ", " see_all "${see_all}")
write_man(${OUT}/man1/wallaudit.1 wallaudit "checks logged games of the Great Wall family of board games"
          "${main_help}" "${see_all}")

set(bash_cases "")
set(zsh_commands "")
set(zsh_cases "")
foreach(cmd IN LISTS commands)
  execute_process(COMMAND ${WALLAUDIT} help ${cmd} OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${WALLAUDIT} help ${cmd} failed (${rc})")
  endif()
  write_man(${OUT}/man1/wallaudit-${cmd}.1 wallaudit-${cmd} "${summary_${cmd}}" "${help}"
            "\\fBwallaudit\\fR(1)")
  # Brackets and semicolons would upset CMake's lists: only the option names are wanted.
  string(REGEX REPLACE "[^a-z -]" " " words "${help}")
  string(REGEX MATCHALL " --[a-z][a-z-]*" options "${words}")
  set(opts)
  foreach(o IN LISTS options)
    string(SUBSTRING "${o}" 1 -1 o)
    list(APPEND opts ${o})
  endforeach()
  list(REMOVE_DUPLICATES opts)
  string(REPLACE ";" " " opts "${opts}")
  string(APPEND bash_cases "    ${cmd}) opts=\"${opts}\" ;;\n")
  string(REPLACE "'" "'\\''" summary "${summary_${cmd}}")
  string(REPLACE ":" "\\:" summary "${summary}")
  string(APPEND zsh_commands "    '${cmd}:${summary}'\n")
  string(APPEND zsh_cases "    ${cmd}) opts=(${opts}) ;;\n")
endforeach()
string(REPLACE ";" " " command_words "${commands}")

file(WRITE ${OUT}/completions/wallaudit
"# bash completion for wallaudit (generated from wallaudit --help)
_wallaudit() {
  local cur=\"\${COMP_WORDS[COMP_CWORD]}\" opts
  if [ \"\$COMP_CWORD\" -eq 1 ]; then
    COMPREPLY=(\$(compgen -W \"${command_words} help --help --version\" -- \"\$cur\"))
    return
  fi
  case \"\${COMP_WORDS[1]}\" in
${bash_cases}    help) COMPREPLY=(\$(compgen -W \"${command_words}\" -- \"\$cur\")); return ;;
    *) opts=\"\" ;;
  esac
  if [[ \"\$cur\" == -* ]]; then
    COMPREPLY=(\$(compgen -W \"\$opts\" -- \"\$cur\"))
  else
    COMPREPLY=(\$(compgen -f -- \"\$cur\"))
  fi
}
complete -o filenames -F _wallaudit wallaudit
")

file(WRITE ${OUT}/completions/_wallaudit
"#compdef wallaudit
# zsh completion for wallaudit (generated from wallaudit --help)
local -a commands opts
commands=(
${zsh_commands})
if (( CURRENT == 2 )); then
  _describe -t commands 'wallaudit command' commands
  return
fi
case \$words[2] in
${zsh_cases}  help) _describe -t commands 'wallaudit command' commands; return ;;
esac
if [[ \$PREFIX == -* ]]; then
  compadd -- \$opts
else
  _files
fi
")
file(WRITE ${OUT}/stamp "${commands}\n")
