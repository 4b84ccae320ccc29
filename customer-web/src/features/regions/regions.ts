// Country and state lists for the address pickers, loaded on demand (see customer-web/vite-regions.ts): the
// countries (~2 KB) when a picker shows, the states (~32 KB) when a country is chosen or the country list opens.
import { useEffect, useState } from 'react';

export interface Region {
  isoCode: string;
  name: string;
}

const toRegions = (pairs: [string, string][]): Region[] => pairs.map(([isoCode, name]) => ({ isoCode, name }));

let countries: Promise<Region[]> | undefined;
let statesByCountry: Promise<Record<string, Region[]>> | undefined;
// Once loaded, later renders read the lists synchronously (no empty first render on the next page).
let loadedCountries: Region[] | undefined;
let loadedStates: Record<string, Region[]> | undefined;

export function loadCountries(): Promise<Region[]> {
  countries ??= import('virtual:regions/countries').then((m) => (loadedCountries = toRegions(m.default)));
  return countries;
}

export function loadStates(): Promise<Record<string, Region[]>> {
  statesByCountry ??= import('virtual:regions/states').then((m) => (loadedStates = Object.fromEntries(Object.entries(m.default).map(([code, pairs]) => [code, toRegions(pairs)]))));
  return statesByCountry;
}

/** Every country, in the library's order; empty until loaded. */
export function useCountries(): Region[] {
  const [list, setList] = useState<Region[]>(loadedCountries ?? []);
  useEffect(() => {
    if (loadedCountries) return undefined;
    let live = true;
    void loadCountries().then((loaded) => live && setList(loaded));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** The states of a country (empty for none or no country); undefined while they load. */
export function useStates(countryCode: string | null | undefined): Region[] | undefined {
  const [, setLoadedAt] = useState(0);
  useEffect(() => {
    if (!countryCode || loadedStates) return undefined;
    let live = true;
    void loadStates().then(() => live && setLoadedAt(Date.now()));
    return () => {
      live = false;
    };
  }, [countryCode]);
  if (!countryCode) return [];
  return loadedStates ? (loadedStates[countryCode] ?? []) : undefined;
}
