export { sayHiRoutes } from './routes';
export { SayHiService } from './sayhi';
export { sayHiRepository } from './sayhi-repository';
