export { ProductList as list, ProductShow as show } from './Products';
export { ChangeRates as edit } from './ChangeRates';
