# Debian packages a script needs, installed when missing; sourced, not run. A script says
# `need COMMAND PACKAGE...` for each command it uses (the packages are noted when the command
# is missing), then `install_needed "what for"`: nothing happens when all are present; else
# apt-get installs the noted packages, as root or with sudo, or the script stops saying what
# to install.

missing=()

need() { # need COMMAND PACKAGE...
  local command=$1
  shift
  command -v "$command" >/dev/null 2>&1 || missing+=("$@")
}

install_needed() { # install_needed WHAT-FOR
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "Installing Debian packages for $1: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "Please install: ${missing[*]} (apt-get install ${missing[*]})" >&2
      exit 1
    fi
    sudo=sudo
  fi
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
  missing=()
}
