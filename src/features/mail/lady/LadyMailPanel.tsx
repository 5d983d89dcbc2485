/**
 * The broadcaster writes mail (paid to read) or greeting mail (free) to a member, with photos and
 * videos each marked private (the member buys it) or free. Her mail with members is listed below;
 * a member's new mail (imMan/sendEmfNotice) refreshes it, and Reply fills in his ID.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { MAIL_MAX_LENGTH, MailEvent } from '../../../../protocol/mail';
import { ladyMailList, ladySendMail } from '../../../api/mail';
import { errorText } from '../../../api/use-request';
import { realtime } from '../../../realtime';
import { showToast } from '../../../state/ui';
import '../mail.css';

type Item = { type: 'photo' | 'video'; free: boolean };
type Row = Awaited<ReturnType<typeof ladyMailList>>['list'][number];

export function LadyMailPanel() {
  const [manId, setManId] = useState('');
  const [kind, setKind] = useState<'emf' | 'loi'>('emf');
  const [content, setContent] = useState('');
  const [media, setMedia] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  /** The member's mail she is answering, while the member ID still names him. */
  const [replyTo, setReplyTo] = useState<{ emfId: string; manId: string } | null>(null);
  const ids = { man: useId(), kind: useId(), text: useId() };

  const load = useCallback(() => {
    ladyMailList().then(
      (d) => setRows(d.list),
      () => setRows((r) => r ?? []),
    );
  }, []);
  useEffect(() => {
    load();
    return realtime.on(MailEvent.ladyEmfNotice, load);
  }, [load]);

  async function send() {
    setError('');
    if (!manId.trim()) return setError('Please enter the member’s ID');
    if (!content.trim()) return setError('the content can not be blank');
    setBusy(true);
    try {
      await ladySendMail(
        manId.trim(),
        kind,
        content,
        media.map((m) => `${m.type}-${m.free ? 'free' : 'private'}`),
        replyTo?.manId === manId.trim() ? replyTo.emfId : undefined,
      );
      setReplyTo(null);
      showToast(kind === 'emf' ? 'Your mail was sent.' : 'Your greeting mail was sent.', 'info');
      setContent('');
      setMedia([]);
      load();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card lady-mail" data-testid="lady-mail">
      <h2>Mail</h2>
      <form
        className="compose"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor={ids.man}>Member ID</label>
        <input
          id={ids.man}
          value={manId}
          onChange={(e) => setManId(e.target.value)}
          data-testid="lady-mail-to"
        />
        <label htmlFor={ids.kind}>Kind</label>
        <select
          id={ids.kind}
          value={kind}
          onChange={(e) => setKind(e.target.value === 'loi' ? 'loi' : 'emf')}
          data-testid="lady-mail-kind"
        >
          <option value="emf">Mail (the member pays to read)</option>
          <option value="loi">Greeting mail (free)</option>
        </select>
        <label htmlFor={ids.text}>Text</label>
        <textarea
          id={ids.text}
          className="mail-textarea"
          rows={5}
          maxLength={MAIL_MAX_LENGTH}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          data-testid="lady-mail-text"
        />
        <fieldset>
          <legend>Photos and videos</legend>
          {media.map((m, i) => (
            <div key={`${i}-${m.type}`} className="lady-mail-item">
              {m.type === 'photo' ? 'Photo' : 'Video'}{' '}
              <label>
                <input
                  type="checkbox"
                  checked={!m.free}
                  onChange={(e) =>
                    setMedia(media.map((x, j) => (j === i ? { ...x, free: !e.target.checked } : x)))
                  }
                />{' '}
                Private
              </label>{' '}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => setMedia(media.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </div>
          ))}
          {media.length < 6 && (
            <p>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => setMedia([...media, { type: 'photo', free: false }])}
                data-testid="lady-mail-add-photo"
              >
                Add a photo
              </button>{' '}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => setMedia([...media, { type: 'video', free: false }])}
              >
                Add a video
              </button>
            </p>
          )}
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="lady-mail-send">
          Send
        </button>
      </form>
      <h3>Your mail</h3>
      {rows === null && <p role="status">Loading…</p>}
      {rows?.length === 0 && <p className="muted">No data to show.</p>}
      {rows && rows.length > 0 && (
        <ul className="mail-list" data-testid="lady-mail-list">
          {rows.map((r) => (
            <li key={r.emf_id} className="mail-row">
              <span className="mail-row-main">
                <strong>
                  {r.from_member ? `From ${r.man_nickname}` : `To ${r.man_nickname}`} ({r.man_id}) ·{' '}
                  {r.kind === 'loi' ? 'Greeting mail' : 'Mail'}
                </strong>
                <span className="mail-row-text">{r.content}</span>
                {r.photos.length > 0 && (
                  <span className="lady-mail-photos">
                    {r.photos.map((url) => (
                      <a key={url} href={url} target="_blank" rel="noreferrer">
                        <img src={url} alt="Attached" className="mail-avatar" loading="lazy" />
                      </a>
                    ))}
                  </span>
                )}
                <span className="mail-row-time">{new Date(r.send_time * 1000).toLocaleString()}</span>
              </span>
              {r.from_member === 1 && (
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  onClick={() => {
                    setManId(r.man_id);
                    setKind('emf');
                    setReplyTo({ emfId: r.emf_id, manId: r.man_id });
                  }}
                >
                  Reply
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
