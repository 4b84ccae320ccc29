import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type SessionKind = 'customer' | 'staff';

/** The server-side truth of a session: the JWT in the cookie only names it (docs/decisions/0007). */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar' }) kind: SessionKind;
  @Column({ name: 'subject_id', type: 'uuid' }) subjectId: string;
  @Column({ name: 'csrf_token', type: 'varchar' }) csrfToken: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz' }) lastSeenAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  @Column({ type: 'varchar', nullable: true }) ip: string | null;
  @Column({ name: 'user_agent', type: 'varchar', nullable: true }) userAgent: string | null;
}
