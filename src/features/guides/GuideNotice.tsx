/** The returning member's window and the contextual guides (the broadcast intro, Say Hi): a title, a text, Got it. */
import { GuideTexts } from '../../../protocol/guides/guide-texts';
import { Modal } from '../../app/popups/Modal';

export type NoticeKind = 'returning' | 'broadcastIntro' | 'sayHiGuide';

const NOTICES: Record<NoticeKind, { title: string; text: string; testId: string }> = {
  returning: { title: GuideTexts.returningTitle, text: GuideTexts.returning, testId: 'returning' },
  broadcastIntro: {
    title: GuideTexts.broadcastIntroTitle,
    text: GuideTexts.broadcastIntro,
    testId: 'guide-broadcastIntro',
  },
  sayHiGuide: { title: GuideTexts.sayHiGuideTitle, text: GuideTexts.sayHiGuide, testId: 'guide-sayHiGuide' },
};

export function GuideNotice({ kind, onClose }: { kind: NoticeKind; onClose: () => void }) {
  const { title, text, testId } = NOTICES[kind];
  return (
    <Modal
      title={title}
      testId={testId}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {GuideTexts.gotIt}
        </button>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
