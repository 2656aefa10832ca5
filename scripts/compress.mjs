// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server
// sends them as they are (@fastify/static preCompressed) instead of compressing on every request.
// Run after `vite build` (npm run build and npm start do). Images and fonts are compressed already.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml|ico|map)$/;
const dist = path.resolve(process.argv[2] ?? 'dist');

let files = 0;
let before = 0;
let after = 0;
for (const rel of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (rel.startsWith('.vite') || !TEXT.test(rel)) continue;
  const file = path.join(dist, rel);
  if (!fs.statSync(file).isFile()) continue;
  const bytes = fs.readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  // both copies always exist, so every text file answers with `Vary: Accept-Encoding` the same way
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files++;
  before += bytes.length;
  after += br.length;
}
console.log(`compress: ${files} files, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
