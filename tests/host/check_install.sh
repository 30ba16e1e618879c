#!/bin/sh
# Install a built tree into a temporary prefix, then build and run a C host
# and a C++ host against it twice: with plain `pkg-config --cflags --libs
# nexus` and with CMake's find_package(nexus).  Checks too that only the
# public header is installed.  Usage: check_install.sh BUILD_DIR
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
headers=$(cd "$prefix/include" && find . -type f | sort)
[ "$headers" = "./nexus.h" ] || { echo "check_install: installed headers: $headers" >&2; exit 1; }
libdir=$(dirname "$(find "$prefix" -name 'libnexus.so.*.*' | head -n 1)")
soname=$(objdump -p "$libdir"/libnexus.so | awk '/SONAME/ {print $2}')
case "$soname" in libnexus.so.[0-9]*) ;; *) echo "check_install: SONAME '$soname'" >&2; exit 1 ;; esac
export PKG_CONFIG_PATH="$libdir/pkgconfig"
export LD_LIBRARY_PATH="$libdir"
# The packaged pack: the hosts open the installed one (nexus_default_pack).
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o "$tmp/host_c" "$here/host.c" $(pkg-config --cflags --libs nexus)
# shellcheck disable=SC2046
c++ -Wall -Wextra -Werror -std=c++11 -o "$tmp/host_cpp" "$here/host.cpp" $(pkg-config --cflags --libs nexus)
"$tmp/host_c"
"$tmp/host_cpp"
cmake -S "$here" -B "$tmp/cmake-host" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/cmake-host" >/dev/null
"$tmp/cmake-host/host_c" >/dev/null
"$tmp/cmake-host/host_cpp" >/dev/null
echo "check_install: C and C++ hosts built with pkg-config and find_package, both ran"
