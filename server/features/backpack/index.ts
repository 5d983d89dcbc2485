export { BackpackService } from './backpack';
export type { BackpackRepository } from './backpack-repository';
export { backpackRepository } from './backpack-repository';
export { backpackRoutes } from './routes';
