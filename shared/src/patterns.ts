// Plain patterns with no yup behind them, so a page that only checks an e-mail address (the landing page's
// newsletter) does not load the schema library. The schemas re-export them from schemas/common.ts.
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
