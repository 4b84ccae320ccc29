#!/bin/bash
# The front-end image's health check, without an HTTP client in the image: bash's /dev/tcp asks nginx for /healthz on
# the port and address it listens on (PORT, HOST).
host=${HOST:-0.0.0.0}
[ "$host" = 0.0.0.0 ] && host=127.0.0.1
exec 3<>"/dev/tcp/$host/${PORT:-8080}" || exit 1
printf 'GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
IFS= read -r -t 4 status <&3 || exit 1
case "$status" in "HTTP/1."?" 200 "*) exit 0 ;; *) exit 1 ;; esac
