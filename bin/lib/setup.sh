# Shared set-up for bin/reel, bin/test and bin/bench: installs the Debian packages Reel
# needs (apt-get when root, otherwise prints the command and stops) and builds Reel.
# Sourced, not run. Needs REEL_ROOT set to the repository root.

# FFmpeg for video; the font stack for text (fontconfig, FreeType, HarfBuzz, FriBidi, ICU's line
# breaks) and a default font set: Liberation (Helvetica, Arial, Times, Courier by metrics),
# DejaVu, Noto (most scripts), Noto CJK (Chinese, Japanese, Korean) and Noto Color Emoji;
# Duktape's sources for Lottie expressions.
REEL_DEBIAN_PACKAGES=(libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libswresample-dev libavutil-dev pkg-config ffmpeg libfontconfig-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libicu-dev fonts-liberation2 fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji libzip-dev zlib1g-dev duktape-dev zip time)

# Installs whichever of REEL_DEBIAN_PACKAGES are missing.
reel_ensure_packages() {
  reel_install_missing "${REEL_DEBIAN_PACKAGES[@]}"
}

# Installs whichever of the Debian packages named as arguments are missing (the same rules:
# apt-get when root, otherwise the command to run, then stop).
reel_install_missing() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "reel: missing Debian packages: ${missing[*]}" >&2
    echo "reel: install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "reel: installing Debian packages: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${missing[@]}" >&2 \
    || { apt-get update -q >&2 && apt-get install -y -q "${missing[@]}" >&2; } \
    || { echo "reel: apt-get install failed" >&2; exit 1; }
}

# Python's jsonschema, for the test that validates every timeline against Timelines/schema.json.
reel_ensure_jsonschema() {
  command -v python3 >/dev/null 2>&1 || { echo "reel: python3 is needed for the schema tests" >&2; exit 1; }
  python3 -c 'import jsonschema' 2>/dev/null && return 0
  echo "reel: installing the Python package jsonschema" >&2
  python3 -m pip install --quiet jsonschema >&2 || { echo "reel: pip install jsonschema failed" >&2; exit 1; }
}

# Swift on PATH (the toolchain lives in /opt/swift on the project's machines).
reel_ensure_swift() {
  command -v swift >/dev/null 2>&1 && return 0
  if [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
  else
    echo "reel: Swift 6 is not installed (looked on PATH and in /opt/swift)" >&2
    exit 1
  fi
}

# Compiler flags that let the release build use the machine's vector units: Swift targets
# baseline SSE2 unless told (see the FFmpeg notes in the docs).
reel_cpu_flags() {
  if grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo 2>/dev/null; then
    echo "-Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell"
  fi
}

# Builds the release binary when any source or manifest is newer than it, or when it was
# built with other CPU flags (the stamp records them); prints its path. A binary built for
# AVX2 refuses to start, with a message, on a CPU without it (Sources/ReelCPUCheck).
reel_build_release() {
  local bin="$REEL_ROOT/.build/release/reel"
  local stamp="$REEL_ROOT/.build/release/.reel-build-stamp"
  local flags
  flags="cpu flags: $(reel_cpu_flags)"
  if [ ! -x "$bin" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$flags" ] || \
     [ -n "$(find "$REEL_ROOT/Sources" "$REEL_ROOT/Package.swift" -newer "$stamp" -print -quit)" ]; then
    echo "reel: building release binary..." >&2
    # shellcheck disable=SC2046
    (cd "$REEL_ROOT" && swift build -c release --product reel $(reel_cpu_flags) >&2) \
      || { echo "reel: build failed" >&2; exit 1; }
    echo "$flags" > "$stamp"
  fi
  echo "$bin"
}
