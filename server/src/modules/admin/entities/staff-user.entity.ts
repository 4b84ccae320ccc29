import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StaffRole } from '@strongroom/shared';

@Entity({ name: 'staff_users' })
export class StaffUserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar' }) email: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ type: 'varchar' }) role: StaffRole;
  /** Null until an invited member sets their password (docs/decisions/0051). */
  @Column({ name: 'password_hash', type: 'varchar', nullable: true, select: false }) passwordHash: string | null;
  @Column({ name: 'failed_login_count', type: 'int', default: 0 }) failedLoginCount: number;
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true }) lockedUntil: Date | null;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ name: 'totp_secret_encrypted', type: 'text', nullable: true, select: false }) totpSecretEncrypted: string | null;
  @Column({ name: 'totp_pending_encrypted', type: 'text', nullable: true, select: false }) totpPendingEncrypted: string | null;
  @Column({ name: 'totp_enrolled_at', type: 'timestamptz', nullable: true }) totpEnrolledAt: Date | null;
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true, select: false }) totpLastStep: string | null;
  @Column({ name: 'invitation_token_hash', type: 'char', length: 64, nullable: true, select: false }) invitationTokenHash: string | null;
  @Column({ name: 'invitation_expires_at', type: 'timestamptz', nullable: true }) invitationExpiresAt: Date | null;
  @Column({ name: 'invited_by', type: 'uuid', nullable: true }) invitedBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
