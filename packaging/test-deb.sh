#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian package (Release, no tests, in build/pkg) with `cpack -G DEB`
# and tests it in a throwaway root.
#   bash packaging/test-deb.sh            unpack with dpkg -x into a temporary
#                                         folder, check the files, run both
#                                         programs from there (no LD_LIBRARY_PATH),
#                                         validate the desktop and AppStream files
#   bash packaging/test-deb.sh --chroot   also install the package with apt into a
#                                         fresh Debian 12 chroot made by debootstrap
#                                         and run both programs there (root only;
#                                         downloads a minimal Debian and the Qt
#                                         libraries: a minute or more)
# Also run at the end of packaging/run-tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

chroot_mode=0
case "${1:-}" in
  "") ;;
  --chroot) chroot_mode=1 ;;
  -h|--help) sed -n '3,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "test-deb: unknown option $1 (try --help)" >&2; exit 2 ;;
esac

fixture=../shared/fixtures/real/ascend-msinsight/test/data/pytorch/text/level1/rank0_ascend_pt
if [ ! -d "$fixture" ]; then
  echo "test-deb: $fixture is missing; the test inspects this real rank folder" >&2
  exit 1
fi
fixture=$(cd "$fixture" && pwd)

bash packaging/install-deps.sh

passed=0
failed=0
pass() { echo "  ok   $*"; passed=$((passed + 1)); }
fail() { echo "  FAIL $*"; failed=$((failed + 1)); }
check() { # check DESCRIPTION COMMAND...: passes when COMMAND exits 0
  local what=$1; shift
  local log
  if log=$("$@" 2>&1); then pass "$what"; else fail "$what"; printf '%s\n' "$log" | sed 's/^/       /' | head -20; fi
}

echo "== build the package (build/pkg)"
build=$root/build/pkg
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPROFSCOPE_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j "$jobs"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
rm -f "$build"/profscope_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/profscope_"$version"_*.deb)
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"

tmp=$(mktemp -d /tmp/profscope-deb.XXXXXX)
cleanup() {
  if [ -n "${chroot_dir:-}" ] && mountpoint -q "$chroot_dir/proc"; then
    if ! umount "$chroot_dir/proc"; then
      echo "test-deb: could not unmount $chroot_dir/proc; leaving $tmp in place" >&2
      return
    fi
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "== package metadata"
info=$(dpkg-deb -I "$deb")
depends=$(printf '%s\n' "$info" | sed -n 's/^ Depends: //p')
echo "Depends: $depends"
check "Package: profscope" grep -qx ' Package: profscope' <<<"$info"
check "Version: $version" grep -qx " Version: $version" <<<"$info"
check "Section: devel" grep -qx ' Section: devel' <<<"$info"
for lib in libqt6core6 libqt6gui6 libqt6widgets6 libqcustomplot2.1-qt6 libsimdjson14; do
  check "Depends on $lib" grep -q "\b$lib\b" <<<"$depends"
done

echo "== files (dpkg -x)"
dpkg -x "$deb" "$tmp/root"
usr=$tmp/root/usr
appid=io.github.profscope.Profscope
expected=(bin/profscope bin/profscope-cli
          share/applications/$appid.desktop share/metainfo/$appid.metainfo.xml
          share/icons/hicolor/scalable/apps/$appid.svg
          share/man/man1/profscope.1.gz share/man/man1/profscope-cli.1.gz
          share/doc/profscope/copyright)
sizes=(16 22 24 32 48 64 128 256 512)
for size in "${sizes[@]}"; do expected+=("share/icons/hicolor/${size}x${size}/apps/$appid.png"); done
for f in "${expected[@]}"; do check "/usr/$f" test -s "$usr/$f"; done
png_size() { # width x height from the PNG header
  python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]) if d[:8]==b"\x89PNG\r\n\x1a\n" else "not a PNG")' "$1"
}
for size in "${sizes[@]}"; do
  check "${size}x${size} icon is ${size}x${size}" test "$(png_size "$usr/share/icons/hicolor/${size}x${size}/apps/$appid.png")" = "${size}x${size}"
done
unexpected=$(cd "$tmp/root" && find . -type f | sed 's|^\./usr/||' | sort | comm -23 - <(printf '%s\n' "${expected[@]}" | sort))
check "no other files${unexpected:+: $unexpected}" test -z "$unexpected"

echo "== binaries need only system libraries"
for exe in profscope profscope-cli; do
  check "$exe: no RPATH/RUNPATH" bash -c '! readelf -d "$1" | grep -Eq "RPATH|RUNPATH"' _ "$usr/bin/$exe"
  libs=$(env -u LD_LIBRARY_PATH ldd "$usr/bin/$exe")
  check "$exe: every library found" bash -c '! grep -q "not found" <<<"$1"' _ "$libs"
  check "$exe: no library from the build tree" bash -c '! grep -qF "$2" <<<"$1"' _ "$libs" "$root"
done

echo "== run from the unpacked package (no LD_LIBRARY_PATH)"
unset LD_LIBRARY_PATH
headless() { env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$@"; }
output_is() { # output_is EXPECTED COMMAND...: stdout of COMMAND is EXPECTED
  local expected=$1 out; shift
  out=$("$@" 2>/dev/null) && [ "$out" = "$expected" ] || { echo "got: $out"; false; }
}
check "profscope-cli --version" output_is "profscope-cli $version" "$usr/bin/profscope-cli" --version
check "profscope-cli --help" "$usr/bin/profscope-cli" --help
check "profscope-cli inspect --help" "$usr/bin/profscope-cli" inspect --help
if out=$("$usr/bin/profscope-cli" inspect "$fixture" 2>&1); then
  pass "profscope-cli inspect rank0_ascend_pt (exit 0)"
  check "inspect found 1 rank and used its trace_view.json" \
    bash -c 'grep -qx "Ranks: 1" <<<"$1" && grep -q "used.*trace_view.json" <<<"$1"' _ "$out"
else
  fail "profscope-cli inspect rank0_ascend_pt (exit $?)"; printf '%s\n' "$out" | tail -20
fi
check "profscope --version (offscreen)" output_is "Profscope $version" env QT_QPA_PLATFORM=offscreen "$usr/bin/profscope" --version
check "profscope --version (no display, no QT_QPA_PLATFORM)" output_is "Profscope $version" headless "$usr/bin/profscope" --version
help_lists_screenshot() { headless "$usr/bin/profscope" --help 2>/dev/null | grep -q -- --screenshot; }
check "profscope --help (no display)" help_lists_screenshot
check "profscope opens rank0_ascend_pt and saves a screenshot (offscreen)" \
  bash -c 'QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$1/config" timeout 120 "$2" --screenshot "$1/shot.png" "$3" && test -s "$1/shot.png"' \
  _ "$tmp" "$usr/bin/profscope" "$fixture"

echo "== desktop integration"
desktop=$usr/share/applications/$appid.desktop
check "desktop-file-validate" desktop-file-validate "$desktop"
check "appstreamcli validate --no-net" appstreamcli validate --no-net "$usr/share/metainfo/$appid.metainfo.xml"
check "desktop Exec= binary is in the package" test -x "$usr/bin/$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")"
check "desktop Icon= is $appid" grep -qx "Icon=$appid" "$desktop"
check "metainfo launchable is the desktop file" grep -q "<launchable type=\"desktop-id\">$appid.desktop</launchable>" "$usr/share/metainfo/$appid.metainfo.xml"
man_warnings() { # prints what man/groff warns about, fails when it warns
  local w
  w=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$1" 2>&1 >/dev/null)
  [ -z "$w" ] || { echo "$w"; false; }
}
for page in profscope profscope-cli; do
  if command -v man >/dev/null; then
    check "man $page: renders without warnings" man_warnings "$usr/share/man/man1/$page.1.gz"
  else
    echo "  skip man $page: man-db is not installed"
  fi
done

if [ $chroot_mode = 1 ]; then
  echo "== install into a fresh Debian 12 chroot (debootstrap)"
  if [ "$(id -u)" -ne 0 ]; then echo "test-deb: --chroot needs root" >&2; exit 2; fi
  if ! command -v debootstrap >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  fi
  mirror=${PROFSCOPE_DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\([^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
  mirror=${mirror:-http://deb.debian.org/debian}
  chroot_dir=$tmp/chroot
  echo "debootstrap --variant=minbase bookworm from $mirror"
  if debootstrap --variant=minbase bookworm "$chroot_dir" "$mirror" >"$tmp/debootstrap.log" 2>&1; then
    pass "debootstrap bookworm"
    mount -t proc proc "$chroot_dir/proc"
    cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
    cp "$deb" "$chroot_dir/tmp/"
    mkdir -p "$chroot_dir/tmp/rank0_ascend_pt"
    cp -r "$fixture"/. "$chroot_dir/tmp/rank0_ascend_pt/"
    in_chroot() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root chroot "$chroot_dir" "$@"; }
    if in_chroot sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/$(basename "$deb")" >"$tmp/apt.log" 2>&1; then
      pass "apt-get install ./$(basename "$deb") in the chroot"
      check "chroot: profscope-cli --version" in_chroot profscope-cli --version
      check "chroot: profscope-cli inspect rank0_ascend_pt" in_chroot profscope-cli inspect /tmp/rank0_ascend_pt
      check "chroot: profscope --version (offscreen)" in_chroot env QT_QPA_PLATFORM=offscreen profscope --version
      check "chroot: profscope --version (no display)" in_chroot profscope --version
      check "chroot: profscope opens the rank (offscreen screenshot)" \
        in_chroot env QT_QPA_PLATFORM=offscreen timeout 120 profscope --screenshot /tmp/shot.png /tmp/rank0_ascend_pt
    else
      fail "apt-get install in the chroot"; tail -20 "$tmp/apt.log"
    fi
  else
    fail "debootstrap bookworm"; tail -20 "$tmp/debootstrap.log"
  fi
fi

echo "test-deb: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
