import { nextTurn } from './next-turn';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('nextTurn', () => {
  it('fires once at the next turn of the event loop, however often it was asked for in this one', async () => {
    let fired = 0;
    const fire = nextTurn(() => fired++);
    fire();
    await Promise.resolve();
    fire();
    fire();
    expect(fired).toBe(0);
    await turn();
    expect(fired).toBe(1);
  });

  it('can be asked for again once it has fired', async () => {
    let fired = 0;
    const fire = nextTurn(() => fired++);
    fire();
    await turn();
    fire();
    await turn();
    expect(fired).toBe(2);
  });
});
