/** Who takes calls (instantAnchorList) and her call settings: her private number, translator, hours. */
import type { CallTakes } from '../../../protocol/call-service/call-me-extra';
import type { CallAnchorItem, CallSettings } from '../../../protocol/call-service/call-service';
import type { Db } from '../../storage/contract';
import { callsRepository } from './calls-repository';

export class CallAnchors {
  constructor(
    private readonly db: Db,
    /** Whether he blocks her (server/features/safety). */
    private readonly blocks: (memberId: string, anchorId: string) => Promise<boolean>,
  ) {}

  private get repo() {
    return callsRepository(this.db);
  }

  async anchors(memberId: string): Promise<{ list: CallAnchorItem[] }> {
    const hidden = await Promise.all(
      (await this.repo.callAnchors()).map(async (r) => ({
        r,
        hidden: await this.blocks(memberId, String(r.userid)),
      })),
    );
    return {
      list: hidden
        .filter((h) => !h.hidden)
        .map(({ r }) => {
          const priv = (r.priv ?? {}) as Record<string, unknown>;
          return {
            anchor_id: String(r.userid),
            anchor_nickname: String(r.nickname),
            anchor_avatar: String(r.photourl ?? ''),
            online: r.state === 'offline' ? 0 : 1,
            call_instant: Number(priv.call_instant) === 1 ? 1 : 0,
            call_schedule: Number(priv.call_schedule) === 1 ? 1 : 0,
          };
        }),
    };
  }

  // ---- Her settings (only her own calls read them).
  async settings(anchorId: string): Promise<CallSettings> {
    const s = await this.repo.settings(anchorId);
    return {
      area_code: s?.areaCode ?? '',
      phone_no: s?.phoneNo ?? '',
      need_translator: s?.needTranslator ? 1 : 0,
      call_hours: s?.callHours ?? [],
    };
  }

  /** The kinds of call she takes: her privileges' call_instant / call_schedule flags. */
  async takes(anchorId: string): Promise<CallTakes> {
    const facts = await this.repo.anchorFacts(anchorId);
    return { call_instant: facts?.callInstant ? 1 : 0, call_schedule: facts?.callSchedule ? 1 : 0 };
  }

  async saveTakes(anchorId: string, takes: CallTakes): Promise<CallTakes> {
    await this.db.query(`UPDATE anchors SET priv = priv || $2::jsonb WHERE userid = $1`, [
      anchorId,
      JSON.stringify({ call_instant: takes.call_instant, call_schedule: takes.call_schedule }),
    ]);
    return this.takes(anchorId);
  }

  async saveSettings(anchorId: string, input: CallSettings): Promise<CallSettings> {
    await this.repo.saveSettings({
      anchorId,
      areaCode: input.area_code.replace(/^\+/, ''),
      phoneNo: input.phone_no,
      needTranslator: input.need_translator === 1,
      callHours: [...new Set(input.call_hours)].sort((a, b) => a - b),
    });
    return this.settings(anchorId);
  }
}
