// The history of staff-maintained reference data (FX rates, crypto options): who changed what and when.
export { changeSchema, listReferenceChanges, plainDecimal, recordReferenceChange, referenceIdParams } from './reference-data.history';
