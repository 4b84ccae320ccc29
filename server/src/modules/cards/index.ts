// The cards module's public surface: what other modules, the plugins and the app may use.
export { countActiveCards } from './cards.queries';
export { default as cardsRoutes } from './cards.routes';
