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

# install_missing_in_background <package>...: the same, beside whatever runs next (apt waits on
# the network and dpkg, npm ci on its cache and the disk); sets apt_pid for `wait "$apt_pid"`,
# empty when nothing is missing. Not being root fails at once, before anything else starts.
install_missing_in_background() {
  apt_pid=""
  [ $# -gt 0 ] || return 0
  [ "$(id -u)" = "0" ] || install_missing "$@"
  install_missing "$@" &
  apt_pid=$!
}
