/** Every domain service, built once per process from the repositories and the realtime plumbing. */
import type { AppConfig } from '../../protocol/types';
import type { Config } from '../config';
import type { StorageRepositories } from '../storage/repositories';
import { AnchorService } from './anchors';
import { appConfig, GiftService } from './catalogue';
import { InvitationService, type RealtimeDeps } from './invitations';
import { RequestService } from './requests';
import { SessionService } from './session';
import { TokenService } from './tokens';
import { UserService } from './users';

export interface Services {
  sessions: SessionService;
  tokens: TokenService;
  anchors: AnchorService;
  users: UserService;
  gifts: GiftService;
  invitations: InvitationService;
  requests: RequestService;
  appConfig: AppConfig;
}

export function createServices(repos: StorageRepositories, config: Config, rt: RealtimeDeps): Services {
  const anchors = new AnchorService(repos);
  const invitations = new InvitationService(repos, rt);
  return {
    sessions: new SessionService(repos, rt.notifier),
    tokens: new TokenService(repos),
    anchors,
    users: new UserService(repos, anchors, config.moneyType),
    gifts: new GiftService(repos),
    invitations,
    requests: new RequestService(repos, rt, invitations),
    appConfig: appConfig(config),
  };
}
