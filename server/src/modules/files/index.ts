// Uploaded files (identity documents, avatars, cheque images): checked by their bytes, sealed at rest, served to
// their owner and staff only. Other modules store and read files only through this surface.
export { StoredFileEntity } from './entities/stored-file.entity';
export { default as filesRoutes } from './files.routes';
export { AVATAR_RULES, FilesService, PASSPORT_RULES, PROOF_OF_ADDRESS_RULES, type UploadRules } from './files.service';
