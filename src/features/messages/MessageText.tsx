/** A message as typed: text nodes (never HTML) with `[img:N]` emoticons drawn as images. */
import { emoticonUrl, messageParts } from '../../../protocol/messages/messages';

export function MessageText({ content }: { content: string }) {
  return (
    <>
      {messageParts(content).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <img
            key={i}
            className="emoticon"
            src={emoticonUrl(part.n)}
            alt={`[img:${part.n}]`}
            width={22}
            height={22}
          />
        ),
      )}
    </>
  );
}
