import { rows, type Queryable } from '../../common/sql';
import type { StoredFileEntity } from './entities/stored-file.entity';

const FILE_COLUMNS = `id, owner_customer_id AS "ownerCustomerId", purpose, mime_type AS "mimeType", size_bytes AS "sizeBytes",
       storage_path AS "storagePath", sha256, created_at AS "createdAt"`;

export async function insertStoredFile(db: Queryable, file: Omit<StoredFileEntity, 'createdAt'>): Promise<StoredFileEntity> {
  const [row] = await rows<StoredFileEntity>(
    db,
    `INSERT INTO stored_files (id, owner_customer_id, purpose, mime_type, size_bytes, storage_path, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${FILE_COLUMNS}`,
    [file.id, file.ownerCustomerId, file.purpose, file.mimeType, file.sizeBytes, file.storagePath, file.sha256],
  );
  return row;
}

export async function storedFileById(db: Queryable, id: string): Promise<StoredFileEntity | undefined> {
  const [row] = await rows<StoredFileEntity>(db, `SELECT ${FILE_COLUMNS} FROM stored_files WHERE id = $1`, [id]);
  return row;
}

/** Every stored file's id and where its bytes are (the start-up sealing of older files walks them). */
export function storedFilePaths(db: Queryable): Promise<Pick<StoredFileEntity, 'id' | 'storagePath'>[]> {
  return rows<Pick<StoredFileEntity, 'id' | 'storagePath'>>(db, `SELECT id, storage_path AS "storagePath" FROM stored_files`);
}
