import { generate, generateSecret } from 'otplib';

export { generateSecret };

const STEP_S = 30;
/** The last time step each secret signed in with, in this test process. */
const lastStep = new Map<string, number>();

/**
 * A TOTP code for `secret` that the server has not seen yet: it accepts each time step once (no replay) and
 * one step either side of now, so a second sign-in within the same 30 s uses the next step's code, and a
 * third waits for the clock to move on.
 */
export async function freshOtp(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const current = Math.floor(now / STEP_S);
    const used = lastStep.get(secret) ?? -1;
    const step = used < current ? current : used === current ? current + 1 : undefined;
    if (step !== undefined) {
      lastStep.set(secret, step);
      return generate({ secret, epoch: step * STEP_S });
    }
    await new Promise((resolve) => setTimeout(resolve, (STEP_S - (now % STEP_S)) * 1000 + 50));
  }
}
