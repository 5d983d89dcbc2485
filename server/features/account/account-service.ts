/** The account feature's services, built once from its deps (server/services.ts). */
import { AccountCore, type AccountDeps } from './deps';
import { EmailLinks } from './links';
import { AccountSecurity } from './security';
import { SignupService } from './signup';

export class AccountService {
  readonly signup: SignupService;
  readonly links: EmailLinks;
  readonly security: AccountSecurity;
  private readonly core: AccountCore;

  constructor(deps: AccountDeps, log: (message: string, error: unknown) => void = () => undefined) {
    this.core = new AccountCore(deps);
    this.links = new EmailLinks(this.core, log);
    this.signup = new SignupService(this.core, this.links, log);
    this.security = new AccountSecurity(this.core);
  }

  /** The id of the member with this email (sign-in by email), or undefined. */
  loginIdOf(email: string): Promise<string | undefined> {
    return this.core.repo.idByEmail(email.trim().toLowerCase());
  }

  /** Housekeeping: limit events past the longest window, spent challenges past their time. */
  forgetOld(): Promise<void> {
    return this.core.repo.forgetEventsBefore(new Date(this.core.now() - 2 * 24 * 3600 * 1000));
  }
}
