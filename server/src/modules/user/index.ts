// The user module's public surface: what other modules, the plugins and the app may use.
export { applicationReview } from './application.review';
export { CustomerEntity, DEFAULT_NOTIFICATION_PREFERENCES } from './entities/customer.entity';
export { accountCurrencyOf, CUSTOMER_COLUMNS, customerById, customerPage, PENDING_APPLICATIONS_SQL } from './user.queries';
export { default as userRoutes } from './user.routes';
export { personalFields, toUserDto, userDtoOf } from './user.service';
