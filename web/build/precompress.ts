/**
 * Build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every
 * text file of the build over 1 KB, so the server sends the smallest copy the browser takes
 * (`@fastify/static`'s preCompressed) without compressing anything per request. Compressing at
 * the highest levels is too slow to do per request and free here.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this many bytes a compressed copy saves less than its request header costs. */
const SMALLEST_COMPRESSED_FILE = 1024;
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/i;

const compressedCopies = {
  br: (source: Buffer) =>
    promisify(brotliCompress)(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  gz: (source: Buffer) => promisify(gzip)(source, { level: constants.Z_BEST_COMPRESSION }),
};

export function precompress(): Plugin {
  return {
    name: 'registry-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const writes = Object.values(bundle)
        .filter((item) => TEXT_FILE.test(item.fileName))
        .map((item) => ({ fileName: item.fileName, source: Buffer.from(item.type === 'chunk' ? item.code : item.source) }))
        .filter(({ source }) => source.length >= SMALLEST_COMPRESSED_FILE)
        .flatMap(({ fileName, source }) =>
          Object.entries(compressedCopies).map(async ([extension, compress]) => writeFile(join(outDir, `${fileName}.${extension}`), await compress(source))),
        );
      await Promise.all(writes);
    },
  };
}
