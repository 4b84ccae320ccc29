import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CustomerStatus, NotificationPreferences } from '@strongroom/shared';

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: false,
  marketingEmails: false,
  securityAlerts: true,
  transactionAlerts: true,
  lowBalanceAlerts: true,
};

@Entity({ name: 'customers' })
export class CustomerEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'account_number', type: 'varchar', length: 10 }) accountNumber: string;
  @Column({ name: 'first_name', type: 'varchar' }) firstName: string;
  @Column({ name: 'middle_name', type: 'varchar', nullable: true }) middleName: string | null;
  @Column({ name: 'last_name', type: 'varchar' }) lastName: string;
  @Column({ type: 'varchar' }) email: string;
  @Column({ type: 'varchar' }) phone: string;
  @Column({ type: 'date' }) dob: string;
  @Column({ type: 'varchar' }) address: string;
  @Column({ type: 'varchar' }) city: string;
  @Column({ type: 'varchar' }) state: string;
  @Column({ type: 'varchar' }) zipcode: string;
  @Column({ type: 'varchar' }) country: string;
  @Column({ type: 'varchar' }) occupation: string;
  @Column({ name: 'income_range', type: 'varchar' }) incomeRange: string;
  @Column({ name: 'account_type', type: 'varchar' }) accountType: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ name: 'password_hash', type: 'varchar', select: false }) passwordHash: string;
  @Column({ name: 'pin_hash', type: 'varchar', select: false }) pinHash: string;
  @Column({ name: 'image_file_id', type: 'uuid', nullable: true }) imageFileId: string | null;
  @Column({ name: 'passport_file_id', type: 'uuid', nullable: true }) passportFileId: string | null;
  @Column({ name: 'proof_of_address_file_id', type: 'uuid', nullable: true }) proofOfAddressFileId: string | null;
  @Column({ type: 'varchar' }) status: CustomerStatus;
  @Column({ name: 'rejection_reason', type: 'varchar', nullable: true }) rejectionReason: string | null;
  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true }) reviewedBy: string | null;
  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true }) reviewedAt: Date | null;
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @Column({ name: 'failed_login_count', type: 'int', default: 0 }) failedLoginCount: number;
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true }) lockedUntil: Date | null;
  @Column({ name: 'notification_preferences', type: 'jsonb' }) notificationPreferences: NotificationPreferences;
  /** 'Freeze everything' (cards and outbound payments) is on since this time. */
  @Column({ name: 'frozen_at', type: 'timestamptz', nullable: true }) frozenAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
