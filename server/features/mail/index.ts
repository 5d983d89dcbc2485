export { registerMailFiles } from './file-routes';
export { MailService } from './mail';
export { MailFiles } from './mail-files';
export { MailHost } from './mail-host';
export { mailRepository } from './mail-repository';
export { receive, receiveImage, VIDEO } from './mail-uploads';
export { mailRoutes } from './routes';
export { StampService } from './stamps';
