#!/usr/bin/env bash
#
# Called by ./mvnw before it starts Maven: prints the JDK home Maven should run on, or nothing
# where the environment already gives Maven a JDK 21+ (JAVA_HOME, or with JAVA_HOME unset the
# java on PATH). Where it does not (JAVA_HOME older, or unset with Debian 12's default java 17 on
# PATH), it picks the JDK bin/ccrj would (bin/lib/jdk.sh: JAVA_HOME, java on PATH, then the
# newest JDK 21+ under /usr/lib/jvm), prints it, and says on stderr which one and what to export
# for builds that do not go through ./mvnw. Exits 1, saying what it looked at, where there is none.
set -euo pipefail

# shellcheck source=jdk.sh
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"

given=${JAVA_HOME:-}
if ! ccrj_find_jdk; then
  ccrj_jdk_missing_message
  exit 1
fi
if [[ $CCRJ_JDK_SOURCE == JAVA_HOME ]]; then
  exit 0 # Maven reads JAVA_HOME itself
fi
if [[ $CCRJ_JDK_SOURCE == "java on PATH" && -z $given ]]; then
  exit 0 # with JAVA_HOME unset Maven runs the java on PATH, which is recent enough
fi
if [[ -n $given ]]; then
  why="JAVA_HOME=$given is not a JDK $CCRJ_MIN_JAVA+"
else
  why="JAVA_HOME is unset and the java on PATH is not a JDK $CCRJ_MIN_JAVA+"
fi
echo "mvnw: $why; running Maven on $CCRJ_JDK_HOME (Java $CCRJ_JDK_VERSION)." \
  "For builds without ./mvnw: export JAVA_HOME=$CCRJ_JDK_HOME" >&2
printf '%s\n' "$CCRJ_JDK_HOME"
