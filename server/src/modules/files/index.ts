// The files module's public surface: what other modules, the plugins and the app may use.
export { StoredFileEntity } from './entities/stored-file.entity';
export { default as filesRoutes } from './files.routes';
export { AVATAR_RULES, FilesService, PASSPORT_RULES, PROOF_OF_ADDRESS_RULES, type UploadRules } from './files.service';
