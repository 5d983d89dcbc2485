/**
 * The new-user gift package pop-up (spec 002 §2 "new-user gift package popup", §4 start-up order),
 * mounted by the guides (src/features/guides/Guides.tsx), which hold the other start-up pop-ups:
 * after first paint, for a member whose package is in his backpack and whose pop-up is due, it
 * waits for no other dialog and asks for this session's start-up turn ('giftPackage'). Once shown
 * the server is told, so it never shows again, on any device; without the turn it waits for a
 * later visit.
 */
import { Link } from '@tanstack/react-router';
import { BACKPACK_PATHS, BackpackTexts, type GiftPackageData } from '../../../protocol/backpack/backpack';
import { Modal } from '../../app/popups/Modal';
import { useServerPop } from '../../app/popups/use-server-pop';

import { getGiftPackage, setGiftPackageShown } from './api';
import './backpack.css';

export function GiftPackagePop() {
  const [pack, close] = useServerPop<GiftPackageData>({
    kind: 'giftPackage',
    load: getGiftPackage,
    due: (answer) => answer.popup === 1,
    markShown: setGiftPackageShown,
  });

  if (!pack) return null;
  return (
    <Modal
      title={BackpackTexts.packageTitle}
      testId="gift-package-pop"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Close
          </button>
          <Link to={BACKPACK_PATHS.gift} className="btn btn-primary" onClick={close}>
            Open my backpack
          </Link>
        </>
      }
    >
      <p>{BackpackTexts.packageIntro(pack.worth.toFixed(2))}</p>
      <ul className="package-list">
        {pack.list.map((g) => (
          <li key={g.giftid} data-testid="gift-package-item">
            <img src={g.small_imgurl} alt="" width={48} height={48} />
            <span className="gift-name">{g.name}</span>
            <span className="gift-count">×{g.num}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
