#!/bin/sh
# Raises the open-files limit as far as the hard limit allows (one server process holds every
# socket), then runs the realtime benchmark. Arguments pass through: --sockets N, --quick, ...
cd "$(dirname "$0")/../.." || exit 1
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
exec node --import tsx bench/realtime/run.ts "$@"
