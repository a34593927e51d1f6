#!/usr/bin/env bash
#
# Checks how ./mvnw picks its JDK (bin/lib/mvnw-jdk.sh over bin/lib/jdk.sh) on fake JDK folders:
# a JDK 17 first on PATH or in JAVA_HOME, a JDK 25 under the JVM folder, and the other cases a
# user meets. Then, where the machine has a JDK older than 21 and one of 21+, runs the real
# `./mvnw -v` with the old one first on PATH and JAVA_HOME unset. Installs nothing, writes only a
# temporary folder; run by CI (.ci/run), and fast enough to run by hand.
set -euo pipefail

ROOT=$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
pick=$ROOT/bin/lib/mvnw-jdk.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/ccrj-jdk-selection.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "jdk-selection-test: FAILED: $*" >&2; failures=$((failures + 1)); }

# fake_jdk DIR VERSION [jre]: a JDK home whose java prints VERSION; "jre" leaves out javac.
fake_jdk() {
  mkdir -p "$1/bin"
  printf 'JAVA_VERSION="%s"\n' "$2" >"$1/release"
  printf '#!/bin/sh\necho "openjdk version \\"%s\\"" >&2\n' "$2" >"$1/bin/java"
  chmod +x "$1/bin/java"
  if [[ ${3:-} != jre ]]; then
    cp "$1/bin/java" "$1/bin/javac"
  fi
}

jvm=$work/jvm
fake_jdk "$jvm/jdk-17" 17.0.9
fake_jdk "$jvm/jdk-21" 21.0.5
fake_jdk "$jvm/jdk-25" 25.0.3
fake_jdk "$jvm/jre-26" 26 jre
only_old=$work/only-old
fake_jdk "$only_old/jdk-17" 17.0.9
base_path=/usr/bin:/bin

# expect NAME WANT_STATUS WANT_STDOUT STDERR_PATTERN -- env assignments...
expect() {
  local name=$1 want_status=$2 want_out=$3 want_err=$4
  shift 5
  local out err status=0
  out=$(env -i HOME="$HOME" "$@" bash "$pick" 2>"$work/err") || status=$?
  err=$(cat "$work/err")
  if [[ $status != "$want_status" ]]; then
    fail "$name: exit $status, wanted $want_status (stderr: $err)"
  elif [[ $out != "$want_out" ]]; then
    fail "$name: printed '$out', wanted '$want_out'"
  elif [[ -z $want_err && -n $err ]]; then
    fail "$name: said '$err', wanted nothing"
  elif [[ -n $want_err && ! $err =~ $want_err ]]; then
    fail "$name: said '$err', wanted /$want_err/"
  else
    echo "jdk-selection-test: ok: $name"
  fi
}

expect "JAVA_HOME unset, java 17 first on PATH: the newest JDK 21+ of the JVM folder, said so" \
  0 "$jvm/jdk-25" "^mvnw: JAVA_HOME is unset and the java on PATH is not a JDK 21\+; running Maven on $jvm/jdk-25 \(Java 25\.0\.3\)\. For builds without \./mvnw: export JAVA_HOME=$jvm/jdk-25$" \
  -- CCRJ_JVM_DIR="$jvm" PATH="$jvm/jdk-17/bin:$base_path"
expect "JAVA_HOME a JDK 17: overridden, naming it" \
  0 "$jvm/jdk-25" "JAVA_HOME=$jvm/jdk-17 is not a JDK 21\+; running Maven on $jvm/jdk-25" \
  -- CCRJ_JVM_DIR="$jvm" JAVA_HOME="$jvm/jdk-17" PATH="$base_path"
expect "JAVA_HOME a JDK 17, java 21 on PATH: Maven would read JAVA_HOME, so the java on PATH is given" \
  0 "$jvm/jdk-21" "JAVA_HOME=$jvm/jdk-17 is not a JDK 21\+; running Maven on $jvm/jdk-21" \
  -- CCRJ_JVM_DIR="$jvm" JAVA_HOME="$jvm/jdk-17" PATH="$jvm/jdk-21/bin:$base_path"
expect "JAVA_HOME a JDK 21: left as it is, nothing said" \
  0 "" "" \
  -- CCRJ_JVM_DIR="$jvm" JAVA_HOME="$jvm/jdk-21" PATH="$jvm/jdk-17/bin:$base_path"
expect "JAVA_HOME unset, java 21 on PATH: left as it is" \
  0 "" "" \
  -- CCRJ_JVM_DIR="$jvm" PATH="$jvm/jdk-21/bin:$base_path"
expect "JAVA_HOME a JRE 26 (no javac): not taken" \
  0 "$jvm/jdk-25" "JAVA_HOME=$jvm/jre-26 is not a JDK 21\+" \
  -- CCRJ_JVM_DIR="$jvm" JAVA_HOME="$jvm/jre-26" PATH="$base_path"
expect "only a JDK 17 anywhere: exit 1, saying what it looked at and how to fix it" \
  1 "" "needs a JDK 21 or newer.*JAVA_HOME: not set.*Java 17\.0\.9, too old.*export JAVA_HOME" \
  -- CCRJ_JVM_DIR="$only_old" PATH="$only_old/jdk-17/bin:$base_path"

# The wrapper itself, on this machine's JDKs: Debian 12's default java 17 first on PATH.
old= new=
for d in /usr/lib/jvm/*/; do
  [[ -x $d/bin/javac ]] || continue
  v=$("$d/bin/java" -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -n 1)
  [[ -n $v ]] || continue
  if (( v < 21 )); then old=${d%/}; else new=${d%/}; fi
done
if [[ -n $old && -n $new ]]; then
  out=$(cd "$ROOT" && env -u JAVA_HOME PATH="$old/bin:$PATH" ./mvnw -B -v 2>&1) || fail "./mvnw -v with $old first on PATH failed: $out"
  if [[ $out =~ Java\ version:\ (2[1-9]|[3-9][0-9]) && $out == *"mvnw: JAVA_HOME is unset and the java on PATH is not a JDK 21+"* ]]; then
    echo "jdk-selection-test: ok: ./mvnw -v with $old first on PATH runs Maven on $(sed -n 's/^Java version: \([^,]*\).*/\1/p' <<<"$out")"
  else
    fail "./mvnw -v with $old first on PATH: $out"
  fi
else
  echo "jdk-selection-test: no JDK older than 21 beside one of 21+ under /usr/lib/jvm: the real wrapper run is left out"
fi

if (( failures )); then
  echo "jdk-selection-test: $failures FAILED" >&2
  exit 1
fi
echo "jdk-selection-test: all passed"
