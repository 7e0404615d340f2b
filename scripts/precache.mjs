// Trunk post_build hook: writes the build's file list and a content hash into sw.js, so the
// service worker caches exactly this build's (hashed) files and a new build gets a new cache.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a Trunk post_build hook');

const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]);
const files = walk(dir)
  .map((f) => relative(dir, f).split('\\').join('/'))
  .filter((f) => f !== 'sw.js' && !f.startsWith('.'))
  .sort();

const hash = createHash('sha256');
for (const f of files) hash.update(f).update('\0').update(readFileSync(join(dir, f)));
const version = hash.digest('hex').slice(0, 16);

const sw = join(dir, 'sw.js');
const template = readFileSync(sw, 'utf8');
const out = template
  .replace("const VERSION = 'dev';", `const VERSION = '${version}';`)
  .replace('const FILES = [];', `const FILES = ${JSON.stringify(files.map((f) => `./${f}`))};`);
if (out === template) throw new Error('sw.js has no VERSION/FILES placeholders to fill');
writeFileSync(sw, out);
console.log(`sw.js: ${files.length} files cached as version ${version}`);
