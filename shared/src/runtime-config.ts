// Where the API lives, read by each front end at start from config.json beside its index.html (not baked into the
// build): the same static build can be served by the API process (apiUrl "") or from an origin of its own
// (apiUrl "https://api.example"; scripts/static-server.js writes it).
interface RuntimeConfig {
  apiUrl: string;
}

let config: RuntimeConfig = { apiUrl: '' };

/** Reads `${basePath}config.json` (the app's base, e.g. import.meta.env.BASE_URL); without one, the API is on this origin. */
export async function loadRuntimeConfig(basePath: string): Promise<void> {
  try {
    const res = await fetch(`${basePath}config.json`, { cache: 'no-store' });
    if (res.ok) {
      const data = (await res.json()) as Partial<RuntimeConfig>;
      if (typeof data.apiUrl === 'string') config = { apiUrl: data.apiUrl.replace(/\/$/, '') };
    }
  } catch {
    /* no config.json: the API is on this origin */
  }
}

/** An API path (`/v1/...`) as a URL this page can fetch or link to. */
export function apiUrl(path: string): string {
  return `${config.apiUrl}${path}`;
}
