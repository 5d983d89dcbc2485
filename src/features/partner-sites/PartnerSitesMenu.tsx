/**
 * The user menu's partner-site switcher (spec 002 §2): the member's entries as the server answers
 * them (sites 4, 5, 6; the hidden one, the lone site 41 and the AME hidden list already applied),
 * each a goto link that hands him off with a signed token. (His account is the menu's own
 * "Account & security"; goto with siteid 99 leads there too.)
 */
import { useEffect, useState } from 'react';
import {
  DEFAULT_PARTNER_PATH,
  type FamilySite,
  PartnerMessages,
} from '../../../protocol/partner-sites/partner-sites';
import { getFamilySites, gotoHref } from './api';

export function PartnerSitesMenu({ onNavigate }: { onNavigate: () => void }) {
  const [sites, setSites] = useState<FamilySite[]>([]);
  useEffect(() => {
    let live = true;
    // A switcher that cannot load is simply not shown.
    getFamilySites().then(
      (d) => live && setSites(d.list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (sites.length === 0) return null;
  return (
    <li className="menu-separator" data-testid="family-sites">
      <span className="menu-label">{PartnerMessages.switchTitle}</span>
      <ul>
        {sites.map((s) => (
          <li key={s.siteid}>
            <a href={gotoHref(s.siteid, DEFAULT_PARTNER_PATH)} className="menu-item" onClick={onNavigate}>
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}
