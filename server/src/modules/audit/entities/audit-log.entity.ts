import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Append-only: the database refuses UPDATE and DELETE on this table (see the foundation migration). */
@Entity({ name: 'audit_log' })
export class AuditLogEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'actor_type', type: 'varchar' }) actorType: 'staff' | 'customer' | 'system';
  @Column({ name: 'actor_id', type: 'varchar', nullable: true }) actorId: string | null;
  @Column({ name: 'actor_email', type: 'varchar', nullable: true }) actorEmail: string | null;
  @Column({ type: 'varchar' }) action: string;
  @Column({ name: 'target_type', type: 'varchar' }) targetType: string;
  @Column({ name: 'target_id', type: 'varchar', nullable: true }) targetId: string | null;
  @Column({ type: 'varchar', nullable: true }) reason: string | null;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) details: Record<string, unknown>;
  @Column({ type: 'varchar', nullable: true }) ip: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
