/** The footer's legal entity (spec 000 §1): the Asia one under /asia or with corporate key SG, else the other. */
import { useEffect, useState } from 'react';
import { type LegalEntity as Entity, legalEntityFor } from '../../../protocol/partner-sites/partner-sites';
import { getCorpId } from './api';

export function LegalEntity() {
  const [entity, setEntity] = useState<Entity | null>(null);
  useEffect(() => {
    let live = true;
    getCorpId().then(
      (corp) => live && setEntity(legalEntityFor(corp, window.location.pathname)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!entity?.name) return null;
  return (
    <p className="footer-entity" data-testid="legal-entity">
      {entity.name}
      {entity.address && `, ${entity.address}`}
    </p>
  );
}
