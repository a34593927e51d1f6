#!/usr/bin/env bash
#
# Writes the element-list of a JDK's API (module:NAME lines, each followed by the packages the
# module exports to everyone), the file javadoc reads to link to the JDK's API docs without
# fetching anything: the parent POM passes it as an offline link next to the docs' URL.
#
#   bin/lib/jdk-element-list.sh [JAVA_HOME] > bin/lib/jdk-api/element-list
#
# Lists the java.* and jdk.* modules of the given JDK (default $JAVA_HOME). Run it with the JDK
# whose release the build compiles against (maven.compiler.release) for an exact list; a newer
# JDK lists a superset, which is harmless: javadoc only looks up the packages the code uses.
set -euo pipefail
jdk=${1:-${JAVA_HOME:?set JAVA_HOME or pass a JDK home}}
java=$jdk/bin/java
"$java" --list-modules | sed 's/@.*//' | grep -E '^(java|jdk)\.' | sort | while read -r m; do
  pkgs=$("$java" --describe-module "$m" | awk '$1 == "exports" && NF == 2 { print $2 }' | sort)
  [[ -n $pkgs ]] || continue
  echo "module:$m"
  echo "$pkgs"
done
