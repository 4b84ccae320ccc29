// The reference-data module's public surface: what other modules, the plugins and the app may use.
export { changeSchema, listReferenceChanges, plainDecimal, recordReferenceChange, referenceIdParams } from './reference-data.history';
