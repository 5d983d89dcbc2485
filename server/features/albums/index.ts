export { AlbumService } from './albums';
export { albumsRepository } from './albums-repository';
export { registerAlbumFiles } from './file-routes';
export { privateMediaAccess } from './private-media';
export { albumRoutes } from './routes';
