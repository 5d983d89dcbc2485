/**
 * The six-step first-visit guide (spec 002 §2: index 0 to 5, welcome 'Let's Go' … 'Enjoy Now';
 * the dots jump to a step). Escape or Skip ends it as skipped: the new-guide banner offers it again.
 */
import { useRef, useState } from 'react';
import { GUIDE_STEPS, GuideTexts } from '../../../protocol/guides/guide-texts';
import { Modal } from '../../app/popups/Modal';

export function GuideWizard({ onFinish, onSkip }: { onFinish: () => void; onSkip: () => void }) {
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = GUIDE_STEPS[index] ?? GUIDE_STEPS[0];
  const last = index === GUIDE_STEPS.length - 1;
  const go = (i: number) => {
    setIndex(i);
    // Screen readers hear the new step; the focus stays inside the dialog.
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <Modal
      title={GuideTexts.guideTitle}
      testId="guide-wizard"
      onClose={onSkip}
      actions={
        <>
          {!last && (
            <button type="button" className="btn btn-ghost" onClick={onSkip}>
              {GuideTexts.skip}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            data-testid="guide-next"
            onClick={() => (last ? onFinish() : go(index + 1))}
          >
            {step.action}
          </button>
        </>
      }
    >
      <div className="guide-step" data-step={index} aria-live="polite">
        <h3 ref={heading} tabIndex={-1} className="guide-step-title">
          {step.title}
        </h3>
        <p>{step.text}</p>
      </div>
      <ol className="guide-dots" aria-label="Guide steps">
        {GUIDE_STEPS.map((s, i) => (
          <li key={s.title}>
            <button
              type="button"
              className="guide-dot"
              aria-label={`Step ${i + 1}: ${s.title}`}
              aria-current={i === index ? 'step' : undefined}
              onClick={() => go(i)}
            />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
