// The image's health check: /readyz on the port and address the server listens on (PORT, HOST), so a container
// started with another PORT, or bound to one address, is still checked where it answers.
'use strict';
const host = !process.env.HOST || process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST === '::' ? '[::1]' : process.env.HOST;
const port = process.env.PORT || '3000';
fetch(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/readyz`, { signal: AbortSignal.timeout(4000) })
  .then((res) => process.exit(res.ok ? 0 : 1))
  .catch(() => process.exit(1));
