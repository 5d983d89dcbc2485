/** What the hang-out services are built from (the composition root passes them in). */
import type { Notifier } from '../../realtime/deliver';
import type { Presence } from '../../realtime/presence';
import type { IceConfig } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { LiveCluster } from '../live';
import type { RoomModeration } from '../room-moderation';

export interface HangoutDeps {
  db: Db;
  repos: StorageRepositories;
  sfu: Sfu;
  notifier: Notifier;
  presence: Presence;
  ice: IceConfig;
  faceVerified: (anchorId: string) => Promise<boolean>;
  now?: () => number;
  /** How often the slots' times are looked at. */
  sweepMs?: number;
  /** Her bans, mutes, slow mode and the flood limit (server/features/room-moderation): her hang-out is her room too. */
  moderation?: Pick<RoomModeration, 'mayEnter' | 'mayChat'>;
  /**
   * The process's cluster, shared with the live rooms (server/services.ts): with several processes
   * on Janus and the bus, a room's steps go to the process holding it. None: one process.
   */
  cluster?: LiveCluster;
}
