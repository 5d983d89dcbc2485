export { PhoneService } from './phone';
export { phonesRepository } from './phones-repository';
export { registerSmsOutbox } from './sms-outbox-page';
