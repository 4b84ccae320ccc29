export { CryptoOptionEdit as edit, CryptoOptionList as list, CryptoOptionShow as show } from './CryptoOptions';
