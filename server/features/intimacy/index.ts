export { type EarnIntimacy, type IntimacyEarning, IntimacyService, roomEarning } from './intimacy';
