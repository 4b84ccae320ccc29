import { CustomerEntity } from '../modules/user/entities/customer.entity';
import { StaffUserEntity } from '../modules/admin/entities/staff-user.entity';
import { SessionEntity } from '../modules/auth/entities/session.entity';
import { EmailVerificationEntity } from '../modules/auth/entities/email-verification.entity';
import { PasswordResetEntity } from '../modules/auth/entities/password-reset.entity';
import { OutboxEntity } from '../modules/mail/entities/outbox.entity';
import { StoredFileEntity } from '../modules/files/entities/stored-file.entity';
import { AuditLogEntity } from '../modules/audit/entities/audit-log.entity';

// Every entity, explicitly (no globs: the same list works under tsc, tsx and jest).
export const ENTITIES = [CustomerEntity, StaffUserEntity, SessionEntity, EmailVerificationEntity, PasswordResetEntity, OutboxEntity, StoredFileEntity, AuditLogEntity];
