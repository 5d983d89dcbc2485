/**
 * Demo call service: A2001 takes instant and scheduled calls (her private number on file, her call
 * timetable every UTC hour from 06 to 22) without a translator, A2005 takes them with one (the
 * agent step). M1001 holds the call privilege (every demo privilege) but no verified phone: he
 * verifies one as every member does (the booking story walks that verification on M1001, and the
 * call center rings only a verified phone).
 */
import type { Db } from '../storage/contract';

export const CALL_ANCHORS = [
  { anchorId: 'A2001', areaCode: '44', phoneNo: '7700900201', needTranslator: false },
  { anchorId: 'A2005', areaCode: '44', phoneNo: '7700900205', needTranslator: true },
];
export const CALL_HOURS = Array.from({ length: 17 }, (_, i) => i + 6);

export async function seedCalls(tx: Db): Promise<void> {
  for (const a of CALL_ANCHORS) {
    await tx.query(
      `UPDATE anchors SET priv = priv || '{"call_instant": 1, "call_schedule": 1}'::jsonb WHERE userid = $1`,
      [a.anchorId],
    );
    await tx.query(
      `INSERT INTO anchor_call_settings (anchor_id, area_code, phone_no, need_translator, call_hours)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (anchor_id) DO NOTHING`,
      [a.anchorId, a.areaCode, a.phoneNo, a.needTranslator, CALL_HOURS],
    );
  }
}
