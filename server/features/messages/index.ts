export { ContactService } from './contacts';
export { followsRepository } from './follows-repository';
export { MessageService } from './messages';
export type { MessagesRepository } from './messages-repository';
export { messagesRepository } from './messages-repository';
export { messageRoutes } from './routes';
