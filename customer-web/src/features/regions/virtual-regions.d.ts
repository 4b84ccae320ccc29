// Built by customer-web/vite-regions.ts: [isoCode, name] pairs.
declare module 'virtual:regions/countries' {
  const countries: [string, string][];
  export default countries;
}
declare module 'virtual:regions/states' {
  const statesByCountry: Record<string, [string, string][]>;
  export default statesByCountry;
}
