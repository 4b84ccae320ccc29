#!/bin/sh
# Serves one front end (SITE=customer-web at /, SITE=admin-console at /admin/) with nginx: its files, the single-page
# app's fallback, a config.json naming the API (API_URL, read at run time, not built in) and the security headers the
# API sends, with the API's origin allowed where the page must reach it (as scripts/static-server.js does in
# development and in the browser tests).
set -eu
case "$SITE" in
  customer-web) base=/ ;;
  admin-console) base=/admin/ ;;
  *) echo "SITE must be customer-web or admin-console, not '$SITE'" >&2; exit 1 ;;
esac
case "$PORT" in '' | *[!0-9]*) echo "PORT must be a port number" >&2; exit 1 ;; esac
case "$API_URL" in
  '') api_origin= ;;
  http://* | https://*) api_origin=$(printf '%s' "$API_URL" | sed -E 's#^(https?://[^/]+).*#\1#') ;;
  *) echo "API_URL must be an http:// or https:// URL" >&2; exit 1 ;;
esac
case "$API_URL" in *[\"\\\ \'\;\${}]*) echo "API_URL must not contain quotes, spaces, semicolons, braces, dollars or backslashes" >&2; exit 1 ;; esac
api=${api_origin:+ $api_origin}
listen=$PORT
case "$HOST" in '' | 0.0.0.0) ;; *:*) listen="[$HOST]:$PORT" ;; *) listen="$HOST:$PORT" ;; esac
hsts=
[ "$HSTS" = 1 ] && hsts="add_header Strict-Transport-Security \"max-age=31536000; includeSubDomains\" always;"
root=/srv/$SITE

mkdir -p /run/web/tmp
cat > /run/web/headers.conf <<HEADERS
add_header Content-Security-Policy "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:$api; font-src 'self' data:; connect-src 'self'$api; object-src 'none'; base-uri 'self'; form-action 'self'$api; frame-ancestors 'none'" always;
add_header Referrer-Policy no-referrer always;
add_header X-Content-Type-Options nosniff always;
add_header X-Frame-Options DENY always;
add_header Cross-Origin-Opener-Policy same-origin always;
$hsts
HEADERS

# Under /admin/ the root and /admin go to /admin/, and any other path outside it is not found.
outside_base=
[ "$base" != / ] && outside_base="location = / { include /run/web/headers.conf; return 302 $base; }
    location = ${base%/} { include /run/web/headers.conf; return 302 $base; }
    location / { include /run/web/headers.conf; return 404; }"

cat > /run/web/nginx.conf <<CONF
worker_processes 1;
pid /run/web/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  sendfile on;
  gzip_static on;
  client_body_temp_path /run/web/tmp/body;
  proxy_temp_path /run/web/tmp/proxy;
  fastcgi_temp_path /run/web/tmp/fastcgi;
  uwsgi_temp_path /run/web/tmp/uwsgi;
  scgi_temp_path /run/web/tmp/scgi;
  server {
    listen $listen;
    root $root;
    location = /healthz { access_log off; default_type text/plain; return 200 "ok\n"; }
    $outside_base
    location = ${base}config.json {
      include /run/web/headers.conf;
      add_header Cache-Control no-store always;
      default_type "application/json; charset=utf-8";
      return 200 '{"apiUrl":"$API_URL"}';
    }
    # Hashed file names: cached for a year.
    location ^~ ${base}assets/ {
      include /run/web/headers.conf;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      try_files \$uri =404;
    }
    # A missing file is a 404; any other path is a page of the app. The customer app's index.html is its landing page
    # drawn at build time, for the app's root only; every other path gets the empty shell, app.html, where there is one.
    location ~ \.[A-Za-z0-9]+\$ {
      include /run/web/headers.conf;
      add_header Cache-Control no-cache always;
      try_files \$uri =404;
    }
    location = $base {
      include /run/web/headers.conf;
      add_header Cache-Control no-cache always;
      try_files ${base}index.html =404;
    }
    location $base {
      include /run/web/headers.conf;
      add_header Cache-Control no-cache always;
      try_files \$uri ${base}app.html ${base}index.html =404;
    }
  }
}
CONF
echo "Serving $SITE at http://${HOST:-0.0.0.0}:$PORT$base (API: ${API_URL:-same origin})"
exec nginx -e stderr -c /run/web/nginx.conf -g 'daemon off;'
