// The premise of the no-restricted-syntax rule in eslint.config.mjs (docs/performance.md#no-spread-then-keys-literals), checked
// on the Node this repository runs: a literal that starts with a spread and then adds a key gets a hidden class (map)
// of its own for every object, where Object.assign or the keys written out share one. Node 20's V8 does this; Node
// 24's shares one map there too, so the rule can go when Node 20 is no longer supported
// (docs/decisions/0057-supported-node.md). The first test checks each Node for what it does.
const { execFileSync } = require('node:child_process');

const SPREAD_THEN_KEYS_SHARES_MAP = Number(process.versions.node.split('.')[0]) >= 24;

/** Builds two objects with `make` after warming it up, in a Node that can ask V8 whether they share a map. */
function shareMap(make) {
  const script = `
    const source = (i) => ({ id: 'id' + i, reference: 'SR' + i, amount_minor: String(i), created_at: null });
    const make = ${make};
    for (let i = 0; i < 20000; i++) make(i);
    process.stdout.write(String(%HaveSameMap(make(1), make(2))));`;
  return execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' }) === 'true';
}

describe('hidden classes of objects built from another', () => {
  it(`a literal that starts with a spread and adds a key ${SPREAD_THEN_KEYS_SHARES_MAP ? 'shares one map on this Node' : 'gets a map per object'}`, () => {
    expect(shareMap(`(i) => ({ ...source(i), status_reason: null })`)).toBe(SPREAD_THEN_KEYS_SHARES_MAP);
  });

  it('Object.assign onto a fresh object shares one map', () => {
    expect(shareMap(`(i) => Object.assign({}, source(i), { status_reason: null })`)).toBe(true);
  });

  it('the keys written out share one map, and so does a spread that adds no key', () => {
    expect(shareMap(`(i) => { const s = source(i); return { id: s.id, reference: s.reference, amount_minor: s.amount_minor, created_at: s.created_at, status_reason: null }; }`)).toBe(true);
    expect(shareMap(`(i) => ({ ...source(i), created_at: 'now' })`)).toBe(true);
  });
});
