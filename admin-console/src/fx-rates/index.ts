export { FxRateEdit as edit, FxRateList as list, FxRateShow as show, icon } from './FxRates';
