/** The new-guide banner: a strip under the header offering the first-visit guide; it never blocks the page. */
import { GuideTexts } from '../../../protocol/guides/guide-texts';
import { CloseIcon } from '../../app/layout/icons';

export function NewGuideBanner({ onTour, onClose }: { onTour: () => void; onClose: () => void }) {
  return (
    <section className="new-guide" aria-label="Guide" data-testid="new-guide">
      <p>{GuideTexts.newGuide}</p>
      <button type="button" className="btn btn-primary btn-small" onClick={onTour}>
        {GuideTexts.newGuideAction}
      </button>
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </button>
    </section>
  );
}
