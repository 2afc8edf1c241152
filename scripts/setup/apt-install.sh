# Sourced by the ensure-*.sh scripts. install_missing <package>...: installs the Debian
# packages with apt when running as root; otherwise says how to and fails.
install_missing() {
  [ $# -gt 0 ] || return 0
  if [ "$(id -u)" = "0" ]; then
    echo "$(basename "$0" .sh): installing $* with apt"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  else
    echo "$(basename "$0" .sh): missing $*; install them with: sudo apt-get install -y $*" >&2
    exit 1
  fi
}
