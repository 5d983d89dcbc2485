/** The Say Hi card as the broadcaster sees it: the chosen design, her name and the greeting. */
import { SAY_HI_GREETINGS, SAY_HI_THEMES } from '../../../protocol/sayhi/sayhi';

export function SayHiCard({
  to,
  photourl,
  greeting,
  theme,
}: {
  to: string;
  photourl?: string;
  greeting: number;
  theme: number;
}) {
  const design = SAY_HI_THEMES[theme] ?? SAY_HI_THEMES[0];
  return (
    <figure className={`sayhi-card sayhi-theme-${theme}`} data-testid="sayhi-card">
      {photourl && <img src={photourl} alt="" className="sayhi-card-avatar" width={72} height={72} />}
      <figcaption>
        <span className="sayhi-card-to">To: {to}</span>
        <blockquote>{SAY_HI_GREETINGS[greeting] ?? SAY_HI_GREETINGS[0]}</blockquote>
        <span className="sayhi-card-design">{design} card</span>
      </figcaption>
    </figure>
  );
}
