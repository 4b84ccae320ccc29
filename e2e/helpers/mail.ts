import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The newest .eml in DATA_DIR/mail addressed to `email`, decoded enough to read codes and numbers. */
export async function latestMail(dataDir: string, email: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<string> {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const files = readdirSync(dir).sort().reverse();
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (opts.after && fileTime(f) < opts.after) continue;
      if (text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) {
        // Undo quoted-printable soft breaks and escapes.
        return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function fileTime(name: string): number {
  // 2026-11-22T16-39-14-123Z-<uuid>.eml
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : 0;
}

/** The 6-digit code: every mail states it after a colon ('verification code: 123456', '... to Marie Curie: 123456'). */
export const sixDigitCode = (mail: string) => /:\s*(\d{6})\b/.exec(mail)![1];
export const accountNumberIn = (mail: string) => /account number: (\d{10})/i.exec(mail)![1];
/** The single-use password reset link (absolute, built from PUBLIC_URL). */
export const resetLinkIn = (mail: string) => /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail)![1];
