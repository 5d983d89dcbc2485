export { type BlockCheck, blockCheck } from './block-check';
export { droppedMessage } from './dropped';
export { safetyRoutes } from './routes';
export { SafetyService } from './safety';
export { notBlocked } from './safety-repository';
