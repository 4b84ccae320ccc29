// A Vite build plugin shared by both front ends: after the bundle is written, every text file worth compressing
// gets a brotli (.br) and a gzip (.gz) sibling, compressed once at the highest levels, which the server sends as
// they are (@fastify/static preCompressed) instead of compressing the same bytes on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this a compressed body saves less than the header costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat();
}

export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'strongroom-precompress',
    // Not for a build-time renderer (`vite build --ssr`): its output is run by Node, never served.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // Last, after any plugin that writes files of its own at the end of the build (customer-web/vite-prerender.ts).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
