export { CryptoOptionEdit as edit, CryptoOptionList as list, CryptoOptionShow as show, icon } from './CryptoOptions';
