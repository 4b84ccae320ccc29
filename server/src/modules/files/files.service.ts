import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PASSPORT_MISSING_MESSAGE, PROOF_OF_ADDRESS_MISSING_MESSAGE, PROOF_OF_ADDRESS_SIZE_MESSAGE, PROOF_OF_ADDRESS_TYPE_MESSAGE, UPLOAD_MAX_BYTES } from '@strongroom/shared';
import { AppError, notFound } from '../../common/app-error';
import { isSealed, seal, sha256Hex, unseal } from '../../common/crypto';
import { detectUploadType, type UploadType } from './image-bytes';
import type { Queryable } from '../../common/sql';
import type { StoredFileEntity } from './entities/stored-file.entity';
import { insertStoredFile, storedFileById, storedFilePaths } from './files.queries';

export interface UploadRules {
  field: string;
  allowed: UploadType[];
  typeMessage: string;
  sizeMessage: string;
  /** What a form without the file is told. */
  missingMessage: string;
}

export const PASSPORT_RULES: UploadRules = {
  field: 'image',
  allowed: ['image/jpeg', 'image/png'],
  typeMessage: 'Only JPG or PNG images are allowed',
  sizeMessage: 'Image must be 5MB or less',
  missingMessage: PASSPORT_MISSING_MESSAGE,
};
/** A photo of the letter or the PDF it came as (docs/decisions/0049). */
export const PROOF_OF_ADDRESS_RULES: UploadRules = {
  field: 'proofOfAddress',
  allowed: ['image/jpeg', 'image/png', 'application/pdf'],
  typeMessage: PROOF_OF_ADDRESS_TYPE_MESSAGE,
  sizeMessage: PROOF_OF_ADDRESS_SIZE_MESSAGE,
  missingMessage: PROOF_OF_ADDRESS_MISSING_MESSAGE,
};
export const AVATAR_RULES: UploadRules = {
  field: 'image',
  allowed: ['image/jpeg', 'image/png', 'image/webp'],
  typeMessage: 'Only JPG, PNG or WEBP images are allowed.',
  sizeMessage: 'Image must be 5MB or less',
  missingMessage: 'Please choose an image',
};

/**
 * Uploaded files (passports, proofs of address, avatars, cheque images) live under DATA_DIR/files, outside any web root, and are
 * served only to owner and staff. Their bytes are sealed with AES-256-GCM under the data-encryption key (the
 * file id authenticated with them); files stored before encryption at rest are read as they are and sealed by
 * `sealLegacyFiles` at start-up.
 */
export class FilesService {
  private readonly dir: string;
  constructor(
    dataDir: string,
    private readonly key: Buffer,
  ) {
    this.dir = join(dataDir, 'files');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** Checks by bytes and size; throws a 400 naming the field. */
  check(bytes: Buffer | undefined, rules: UploadRules): UploadType {
    if (!bytes || bytes.length === 0) throw new AppError(400, rules.missingMessage, { [rules.field]: rules.missingMessage });
    if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError(400, rules.sizeMessage, { [rules.field]: rules.sizeMessage });
    const type = detectUploadType(bytes);
    if (!type || !rules.allowed.includes(type)) throw new AppError(400, rules.typeMessage, { [rules.field]: rules.typeMessage });
    return type;
  }

  async store(db: Queryable, bytes: Buffer, type: UploadType, purpose: StoredFileEntity['purpose'], ownerCustomerId: string | null): Promise<StoredFileEntity> {
    const id = randomUUID();
    const name = `${id}.${type.split('/')[1]}`;
    // Written without holding the main thread: an upload is up to 5 MB, and a slow disk can take its time.
    await writeFile(join(this.dir, name), seal(this.key, bytes, id), { mode: 0o600 });
    return insertStoredFile(db, { id, ownerCustomerId, purpose, mimeType: type, sizeBytes: bytes.length, storagePath: name, sha256: sha256Hex(bytes) });
  }

  /** Removes the bytes of a file whose row was rolled back (no identity document left behind unreferenced). */
  discard(file: Pick<StoredFileEntity, 'storagePath'>): void {
    rmSync(join(this.dir, file.storagePath), { force: true });
  }

  /** Owner or staff only; anyone else gets the same 404 as a missing file. */
  async read(db: Queryable, id: string, requester: { customerId?: string; staff?: boolean }) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('File not found');
    const file = await storedFileById(db, id);
    if (!file || (!requester.staff && file.ownerCustomerId !== requester.customerId)) throw notFound('File not found');
    return { file, bytes: await this.open(file) };
  }

  private async open(file: Pick<StoredFileEntity, 'id' | 'storagePath'>): Promise<Buffer> {
    const stored = await readFile(join(this.dir, file.storagePath));
    return isSealed(stored) ? unseal(this.key, stored, file.id) : stored;
  }

  /** Seals every file written before encryption at rest (idempotent; run at start-up). Returns how many. */
  async sealLegacyFiles(db: Queryable): Promise<number> {
    const files = await storedFilePaths(db);
    let sealed = 0;
    for (const file of files) {
      const path = join(this.dir, file.storagePath);
      let stored: Buffer;
      try {
        stored = readFileSync(path);
      } catch {
        continue; // a row whose bytes are gone: nothing to protect
      }
      if (isSealed(stored)) continue;
      // Write beside, then rename: a crash never leaves a half-written identity document.
      writeFileSync(`${path}.sealing`, seal(this.key, stored, file.id), { mode: 0o600 });
      renameSync(`${path}.sealing`, path);
      sealed += 1;
    }
    return sealed;
  }
}
