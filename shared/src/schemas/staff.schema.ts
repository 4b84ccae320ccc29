import * as yup from 'yup';
import { STAFF_ROLES } from '../enums';
import { EMAIL_RE, strictObject, text } from './common';
import { newPasswordField } from './auth.schema';

export const STAFF_NAME_MESSAGE = 'Name must be 2 to 100 characters';
export const STAFF_ROLE_MESSAGE = 'Please select a role';
export const INVITATION_INVALID_MESSAGE = 'This invitation link is invalid or has expired';

const staffName = () => text().trim().required(STAFF_NAME_MESSAGE).min(2, STAFF_NAME_MESSAGE).max(100, STAFF_NAME_MESSAGE);
const staffRole = () =>
  text()
    .required(STAFF_ROLE_MESSAGE)
    .oneOf([...STAFF_ROLES], STAFF_ROLE_MESSAGE);

/** An admin invites a colleague: the console's Create form and POST /v1/admin/staff (docs/decisions/0051). */
export const staffInviteSchema = strictObject({
  email: text().trim().required('Enter a valid email address').max(254, 'Enter a valid email address').matches(EMAIL_RE, 'Enter a valid email address'),
  name: staffName(),
  role: staffRole(),
});

/** What an admin may change of a colleague: their name, role, and whether they may sign in (PUT /v1/admin/staff/:id). */
export const staffUpdateSchema = strictObject({
  name: staffName().optional().default(undefined),
  role: staffRole().optional().default(undefined),
  active: yup.boolean().typeError('active must be true or false').optional(),
});

/** The invited colleague sets their password from the e-mailed link (POST /v1/admin/auth/accept-invitation). */
export const acceptInvitationRequestSchema = strictObject({
  token: text()
    .required(INVITATION_INVALID_MESSAGE)
    .matches(/^[A-Za-z0-9_-]{20,200}$/, INVITATION_INVALID_MESSAGE),
  password: newPasswordField(),
});
/** The console's form for it: the password twice. */
export const acceptInvitationSchema = strictObject({
  token: text().required(INVITATION_INVALID_MESSAGE),
  password: newPasswordField(),
  confirmPassword: text()
    .required('Please confirm your password')
    .oneOf([yup.ref('password')], "Passwords don't match"),
});
