import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'outbox' })
export class OutboxEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'to_address', type: 'varchar' }) to: string;
  @Column({ type: 'varchar' }) subject: string;
  @Column({ type: 'varchar' }) template: string;
  @Column({ name: 'body_text', type: 'text' }) bodyText: string;
  @Column({ type: 'varchar' }) status: 'queued' | 'sent' | 'written' | 'failed';
  @Column({ type: 'varchar', nullable: true }) error: string | null;
  @Column({ name: 'customer_id', type: 'uuid', nullable: true }) customerId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
