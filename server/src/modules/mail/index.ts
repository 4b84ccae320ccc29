// The mail module's public surface: what other modules, the plugins and the app may use.
export { defineMailJobs, enqueueMail } from './mail.jobs';
export { type SendMailInput, type TemplateName, templates } from './mail.templates';
export { outboxMessage, outboxPage, outboxTotal } from './outbox.queries';
