/** A care thread's messages, as the member and the console both show them. */
import type { CareMessage } from '../../../protocol/care/care';
import { dateTime } from '../../app/time/format';

export function Messages({ messages, mine }: { messages: CareMessage[]; mine: 'member' | 'care' }) {
  return (
    <ol className="care-messages">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`care-message ${m.author === mine ? 'mine' : 'theirs'}`}
          data-author={m.author}
        >
          <p className="care-message-who">
            {m.author === 'care' ? 'Customer Care' : mine === 'member' ? 'You' : 'Member'} ·{' '}
            <time>{dateTime(m.time)}</time>
          </p>
          <p className="care-message-text">{m.body}</p>
          {m.screenshot_url && (
            <a href={m.screenshot_url} target="_blank" rel="noreferrer">
              <img
                src={`${m.screenshot_url}?w=800`}
                alt="Attached screenshot"
                className="care-message-shot"
                loading="lazy"
              />
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}
