// The documentation's links resolve: every relative link in README.md and docs/**/*.md names a file or folder that
// exists, and a link to a heading (`file.md#anchor`, `#anchor`) names a heading that file has. Code comments that
// point into docs/ (`docs/performance.md#quiet-statistics`, `docs/decisions/0017`) are held to the same rule.
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');

const ROOT = resolve(__dirname, '..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.data', 'artifacts', 'coverage', 'test-results']);

function walk(folder, keep, found = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.ci') continue;
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, keep, found);
    else if (keep(entry.name)) found.push(path);
  }
  return found;
}

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map();
function hasAnchor(file, anchor) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
  return anchorCache.get(file).has(anchor.toLowerCase());
}

/** What is wrong with a link from `fromFile` to `target`, or undefined when it resolves. */
function problemWith(fromFile, target) {
  const [pathPart, anchor] = target.split('#');
  const path = pathPart === '' ? fromFile : resolve(dirname(fromFile), decodeURIComponent(pathPart));
  if (!existsSync(path)) return 'no such file';
  if (anchor && statSync(path).isFile() && path.endsWith('.md') && !hasAnchor(path, anchor)) return `no heading #${anchor}`;
  return undefined;
}

const markdownFiles = [join(ROOT, 'README.md'), ...walk(join(ROOT, 'docs'), (name) => name.endsWith('.md'))];

describe('documentation links', () => {
  it('finds the documents', () => {
    expect(markdownFiles.length).toBeGreaterThan(5);
  });

  it('resolves every relative link in README.md and docs/', () => {
    const broken = [];
    for (const file of markdownFiles) {
      for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const problem = problemWith(file, target);
        if (problem) broken.push(`${relative(ROOT, file)}: ${target} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('resolves every docs/ path and decision record that the code, configuration and documents mention', () => {
    const files = walk(ROOT, (name) => /\.(ts|tsx|js|mjs|cjs|json|ya?ml|sh|sql|md)$/.test(name) || name === 'Dockerfile' || name === 'run');
    const decisions = new Set(readdirSync(join(ROOT, 'docs', 'decisions')).map((name) => name.slice(0, 4)));
    const broken = [];
    for (const file of files) {
      if (file.endsWith('package-lock.json')) continue;
      const text = readFileSync(file, 'utf8');
      for (const [mention, path, anchor] of text.matchAll(/(?<![\w/.-])docs\/([\w./-]*[\w/])(?:#([\w-]+))?/g)) {
        const number = /^decisions\/(\d{4})$/.exec(path)?.[1];
        if (number) {
          if (!decisions.has(number)) broken.push(`${relative(ROOT, file)}: ${mention} (no such decision record)`);
          continue;
        }
        const problem = problemWith(join(ROOT, 'README.md'), anchor ? `docs/${path}#${anchor}` : `docs/${path}`);
        if (problem) broken.push(`${relative(ROOT, file)}: ${mention} (${problem})`);
      }
      for (const [mention, number] of text.matchAll(/(?<![\w/.-])decisions\/(\d{4})\b/g)) {
        if (!decisions.has(number)) broken.push(`${relative(ROOT, file)}: ${mention} (no such decision record)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('computes anchors as GitHub does', () => {
    const anchors = anchorsOf("# Title\n## What we tried\n### Payment lanes: paced cycles\n## The database's machine\n## Title\n");
    expect([...anchors]).toEqual(['title', 'what-we-tried', 'payment-lanes-paced-cycles', 'the-databases-machine', 'title-1']);
  });
});
