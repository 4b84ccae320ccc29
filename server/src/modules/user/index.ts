// The customer's own record: profile, notification preferences, the application staff review, and the account
// currency other modules read.
export { applicationReview } from './application.review';
export { CustomerEntity, DEFAULT_NOTIFICATION_PREFERENCES } from './entities/customer.entity';
export { accountCurrencyOf, CUSTOMER_COLUMNS, customerById, customerPage, PENDING_APPLICATIONS_SQL } from './user.queries';
export { default as userRoutes } from './user.routes';
export { personalFields, toUserDto, userDtoOf } from './user.service';
export { preferencesAnswerSchema, userSchema } from './user.schema';
