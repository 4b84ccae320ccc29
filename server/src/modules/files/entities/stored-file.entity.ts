import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'stored_files' })
export class StoredFileEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'owner_customer_id', type: 'uuid', nullable: true }) ownerCustomerId: string | null;
  @Column({ type: 'varchar' }) purpose: 'passport' | 'proof_of_address' | 'avatar' | 'receipt' | 'cheque';
  @Column({ name: 'mime_type', type: 'varchar' }) mimeType: string;
  @Column({ name: 'size_bytes', type: 'int' }) sizeBytes: number;
  @Column({ name: 'storage_path', type: 'varchar' }) storagePath: string;
  @Column({ type: 'varchar' }) sha256: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
