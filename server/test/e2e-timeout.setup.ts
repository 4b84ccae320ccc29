// jest reads testTimeout from the root config only (project-level values are ignored), so the e2e project
// raises its own: browser journeys start a server and a browser.
jest.setTimeout(120_000);
