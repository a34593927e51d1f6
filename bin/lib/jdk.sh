# shellcheck shell=bash
#
# Shared JDK discovery for bin/ccrj and .ci/run.  Source this file; do not run it.
#
#   ccrj_find_jdk            -> 0 and sets CCRJ_JDK_HOME, CCRJ_JDK_VERSION, CCRJ_JDK_SOURCE
#                               when a JDK >= $CCRJ_MIN_JAVA (with javac) is found; 1 otherwise.
#                               CCRJ_JDK_LOOKED always holds one line per place examined.
#   ccrj_jdk_missing_message -> explains on stderr what was examined and how to fix it.
#
# Search order:
#   1. $JAVA_HOME, if set
#   2. the `java` on PATH (symlinks resolved to its JDK home)
#   3. the newest JDK directory under $CCRJ_JVM_DIR (default /usr/lib/jvm)
# Every candidate needs bin/java, bin/javac (Maven compiles) and a version >= 21,
# read from the JDK's `release` file (JAVA_VERSION), else from `java -version`.

CCRJ_MIN_JAVA=21
CCRJ_JVM_DIR=${CCRJ_JVM_DIR:-/usr/lib/jvm}

# Full version string of a JDK home ("25.0.3", "1.8.0_392"); empty when unknown.
ccrj_jdk_version() {
  local home=$1 v=
  if [[ -r $home/release ]]; then
    v=$(sed -n 's/^JAVA_VERSION="\{0,1\}\([^"]*\)"\{0,1\}[[:space:]]*$/\1/p' "$home/release" | head -n 1) || v=
  fi
  if [[ -z $v && -x $home/bin/java ]]; then
    v=$("$home/bin/java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | head -n 1) || v=
  fi
  printf '%s\n' "$v"
}

# Feature (major) release of a version string: 25.0.3 -> 25, 21 -> 21, 1.8.0_392 -> 8, "" -> 0.
ccrj_java_major() {
  local v=$1 major
  [[ $v == 1.* ]] && v=${v#1.}
  major=${v%%[!0-9]*}
  printf '%s\n' "${major:-0}"
}

_ccrj_looked() {
  CCRJ_JDK_LOOKED+="$1"$'\n'
}

# ccrj_check_jdk LABEL HOME: 0 when HOME is a usable JDK; its version goes to _CCRJ_CHECKED_VERSION.
ccrj_check_jdk() {
  local label=$1 home=$2 v major
  _CCRJ_CHECKED_VERSION=
  if [[ ! -d $home ]]; then
    _ccrj_looked "$label $home: no such directory"
    return 1
  fi
  if [[ ! -x $home/bin/java ]]; then
    _ccrj_looked "$label $home: no bin/java"
    return 1
  fi
  v=$(ccrj_jdk_version "$home")
  major=$(ccrj_java_major "$v")
  if (( major < CCRJ_MIN_JAVA )); then
    _ccrj_looked "$label $home: Java ${v:-of unknown version}, too old"
    return 1
  fi
  if [[ ! -x $home/bin/javac ]]; then
    _ccrj_looked "$label $home: Java $v but no bin/javac (a JRE, not a JDK)"
    return 1
  fi
  _ccrj_looked "$label $home: Java $v, ok"
  _CCRJ_CHECKED_VERSION=$v
  return 0
}

# Canonical path (symlinks resolved); falls back to the path itself.
_ccrj_realpath() {
  readlink -f -- "$1" 2>/dev/null || printf '%s\n' "$1"
}

ccrj_find_jdk() {
  CCRJ_JDK_HOME= CCRJ_JDK_VERSION= CCRJ_JDK_SOURCE= CCRJ_JDK_LOOKED=
  local java_bin home d real best= best_v= seen=$'\n'

  # 1. JAVA_HOME
  if [[ -n ${JAVA_HOME:-} ]]; then
    if ccrj_check_jdk "\$JAVA_HOME ->" "$JAVA_HOME"; then
      CCRJ_JDK_HOME=$JAVA_HOME CCRJ_JDK_VERSION=$_CCRJ_CHECKED_VERSION CCRJ_JDK_SOURCE=JAVA_HOME
      return 0
    fi
  else
    _ccrj_looked "JAVA_HOME: not set"
  fi

  # 2. java on PATH
  if java_bin=$(command -v java 2>/dev/null) && [[ -n $java_bin ]]; then
    home=$(dirname "$(dirname "$(_ccrj_realpath "$java_bin")")")
    if ccrj_check_jdk "java on PATH ($java_bin) ->" "$home"; then
      CCRJ_JDK_HOME=$home CCRJ_JDK_VERSION=$_CCRJ_CHECKED_VERSION CCRJ_JDK_SOURCE="java on PATH"
      return 0
    fi
  else
    _ccrj_looked "java on PATH: none"
  fi

  # 3. newest JDK under CCRJ_JVM_DIR
  local found=0
  for d in "$CCRJ_JVM_DIR"/*/; do
    [[ -d $d ]] || continue
    found=1
    real=$(_ccrj_realpath "${d%/}")
    [[ $seen == *$'\n'"$real"$'\n'* ]] && continue
    seen+="$real"$'\n'
    if ccrj_check_jdk "$CCRJ_JVM_DIR:" "$real"; then
      if [[ -z $best ]] || [[ $(printf '%s\n%s\n' "$best_v" "$_CCRJ_CHECKED_VERSION" | sort -V | tail -n 1) != "$best_v" ]]; then
        best=$real best_v=$_CCRJ_CHECKED_VERSION
      fi
    fi
  done
  (( found )) || _ccrj_looked "$CCRJ_JVM_DIR: no JDK directories"
  if [[ -n $best ]]; then
    CCRJ_JDK_HOME=$best CCRJ_JDK_VERSION=$best_v CCRJ_JDK_SOURCE=$CCRJ_JVM_DIR
    return 0
  fi
  return 1
}

ccrj_jdk_missing_message() {
  {
    echo "ccrj: needs a JDK $CCRJ_MIN_JAVA or newer (with javac), and none was found."
    echo "Looked at:"
    printf '%s' "$CCRJ_JDK_LOOKED" | sed 's/^/  /'
    echo "To fix, either"
    echo "  - install one, e.g. on Debian/Ubuntu:  apt-get install openjdk-21-jdk"
    echo "    (Debian 12 'bookworm' packages only openjdk-17; Debian 13+, Ubuntu 24.04+"
    echo "    or a Temurin build from https://adoptium.net work), or"
    echo "  - point JAVA_HOME at an installed JDK $CCRJ_MIN_JAVA+:  export JAVA_HOME=/path/to/jdk"
  } >&2
}
