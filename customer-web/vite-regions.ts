// The country and state lists of the address pickers, trimmed at build time to what the pickers show (code and
// name, in the library's order) and split from the bundle: pages load them with import('virtual:regions/...')
// when a picker needs them (customer-web/src/features/regions/regions.ts), so no page carries the whole
// country-state-city data set (~135 KB gzip) on first load.
import { Country, State } from 'country-state-city';
import type { Plugin } from 'vite';

const COUNTRIES_ID = 'virtual:regions/countries';
const STATES_ID = 'virtual:regions/states';

function countriesModule() {
  return `export default ${JSON.stringify(Country.getAllCountries().map((c) => [c.isoCode, c.name]))};`;
}

function statesModule() {
  const byCountry: Record<string, [string, string][]> = {};
  for (const country of Country.getAllCountries()) {
    const states = State.getStatesOfCountry(country.isoCode);
    if (states.length) byCountry[country.isoCode] = states.map((s) => [s.isoCode, s.name]);
  }
  // JSON.parse of a string literal is faster for the browser than the same object as code.
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(byCountry))});`;
}

export function regions(): Plugin {
  return {
    name: 'strongroom-regions',
    resolveId(id) {
      return id === COUNTRIES_ID || id === STATES_ID ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${COUNTRIES_ID}`) return countriesModule();
      if (id === `\0${STATES_ID}`) return statesModule();
      return undefined;
    },
  };
}
