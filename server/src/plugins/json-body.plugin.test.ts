import { jsonNestsDeeperThan } from './json-body.plugin';

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 64)).toBe(true);
  });
  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(`{"memo":"${'[{'.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"memo":"a\\"${'['.repeat(100)}"}`, 2)).toBe(false);
  });
});
