// The transactions module's public surface: what other modules, the plugins and the app may use.
export { transactionItemSchema } from './transaction-item.schema';
export { default as transactionsRoutes } from './transactions.routes';
export { toTransactionDto } from './transactions.service';
