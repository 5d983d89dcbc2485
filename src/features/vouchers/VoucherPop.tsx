/**
 * The voucher pop (spec 002 §2 "voucher popup", §4 start-up order 'voucher'), mounted by the guides
 * beside the gift package's: after first paint, when getPopVoucherAnchorList answers needpop 1 (new
 * broadcast vouchers and somewhere to use them now; the server leaves it out for show_pop 0), it
 * waits for no other dialog and asks for this session's start-up turn. Once shown the server is
 * told, so this batch never shows again; without the turn it waits for a later visit.
 */
import { Link } from '@tanstack/react-router';
import { type PopVoucherAnchorData, VoucherAnchorTexts } from '../../../protocol/vouchers/voucher-anchors';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import { Modal } from '../../app/popups/Modal';
import { useServerPop } from '../../app/popups/use-server-pop';

import { getPopVoucherAnchors, setPopVoucherShown } from './anchors-api';
import './vouchers.css';

export function VoucherPop() {
  const [pop, close] = useServerPop<PopVoucherAnchorData>({
    kind: 'voucher',
    load: getPopVoucherAnchors,
    due: (answer) => answer.needpop === 1,
    markShown: setPopVoucherShown,
  });

  if (!pop) return null;
  if (!pop) return null;
  return (
    <Modal
      title={VoucherAnchorTexts.popTitle}
      testId="voucher-pop"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Close
          </button>
          <Link to="/myhomeback/voucheranchors" className="btn btn-primary" onClick={close}>
            See all
          </Link>
        </>
      }
    >
      <img
        className="voucher-pop-pic"
        src={pop.voucher_pic}
        alt="Broadcast voucher"
        width={240}
        height={120}
      />
      <p>
        {pop.voucher_num === 1
          ? 'A new broadcast voucher is'
          : `${pop.voucher_num} new broadcast vouchers are`}{' '}
        in your backpack. {VoucherAnchorTexts.popIntro(BROADCAST_VOUCHER_MINUTES)}
      </p>
      <ul className="voucher-pop-list">
        {pop.anchor_list.map((a) => (
          <li key={a.userid} data-testid="voucher-pop-anchor">
            <Link to="/anchor/$id" params={{ id: a.userid }} onClick={close}>
              <img src={a.photourl} alt="" width={64} height={64} loading="lazy" />
              <span>{a.nickname}</span>
              <span className="voucher-pop-room">{VoucherAnchorTexts.roomName[a.use_room_type]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
