export { FxRateEdit as edit, FxRateList as list, FxRateShow as show } from './FxRates';
