/**
 * The Say Hi error dialog (spec 001 §8): 'Can not send Say Hi to {name}' over the server's errmsg.
 * 17404 links to that Say Hi, 17407 to /wait, 17408 to /sayhilistindex/all; every code but 17405
 * offers a quick follow, which only follows (a broadcaster already followed stays followed).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fillSayHi, SayHiMessages } from '../../../protocol/sayhi/sayhi';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { getAnchorProfile, setFavorite } from '../discover/api';
import { findSayHiTo } from './api';
import { dialogLink, showsFollowHint } from './dialog-rules';

export interface SayHiRefusal {
  anchorId: string;
  /** Her nickname when known; otherwise the dialog reads it from her profile. */
  name?: string;
  errno: number;
  errmsg: string;
}

function SayHiLink({ anchorId }: { anchorId: string }) {
  const [sayid, setSayid] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    findSayHiTo(anchorId).then(
      (item) => live && setSayid(item?.sayid ?? null),
      () => live && setSayid(null),
    );
    return () => {
      live = false;
    };
  }, [anchorId]);
  if (sayid === undefined) return <span className="sayhi-dialog-link muted">Finding your Say Hi…</span>;
  return sayid ? (
    <Link to="/sayhidetail" search={{ sayid }} className="sayhi-dialog-link" data-testid="sayhi-dialog-view">
      View your Say Hi
    </Link>
  ) : (
    <Link to="/sayhilistindex/all" className="sayhi-dialog-link">
      See your Say Hi
    </Link>
  );
}

function QuickFollow({ anchorId, name }: { anchorId: string; name: string }) {
  const [state, setState] = useState<'loading' | 'no' | 'busy' | 'yes'>('loading');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getAnchorProfile(anchorId).then(
      (profile) => live && setState(profile.is_follow === 1 ? 'yes' : 'no'),
      () => live && setState('no'),
    );
    return () => {
      live = false;
    };
  }, [anchorId]);
  const follow = async () => {
    setState('busy');
    setError(null);
    try {
      await setFavorite(anchorId, 1);
      setState('yes');
    } catch (failure) {
      setError(errorText(failure));
      setState('no');
    }
  };
  if (state === 'loading') return null;
  return (
    <div className="sayhi-follow" data-testid="sayhi-follow">
      {state === 'yes' ? (
        <p>You follow {name}: you will see when she is online.</p>
      ) : (
        <>
          <p>Follow {name} to see when she is online.</p>
          <button type="button" className="btn btn-secondary" disabled={state === 'busy'} onClick={follow}>
            Follow {name}
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function SayHiDialog({ refusal, onClose }: { refusal: SayHiRefusal; onClose: () => void }) {
  const [name, setName] = useState(refusal.name ?? '');
  useEffect(() => {
    if (refusal.name) return;
    let live = true;
    // Unknown to the profile call: the title names her id and no follow is offered.
    getAnchorProfile(refusal.anchorId).then(
      (profile) => live && setName(profile.nickname),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refusal.anchorId, refusal.name]);

  const { errno } = refusal;
  const link = dialogLink(errno);
  return (
    <Modal
      title={fillSayHi(SayHiMessages.dialogTitle, { name: name || refusal.anchorId })}
      testId="sayhi-dialog"
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          OK
        </button>
      }
    >
      <p data-testid="sayhi-dialog-message">{refusal.errmsg}</p>
      {link?.kind === 'sayhi' && <SayHiLink anchorId={refusal.anchorId} />}
      {link?.kind === 'page' && (
        <Link to={link.to} className="sayhi-dialog-link">
          {link.label}
        </Link>
      )}
      {showsFollowHint(errno) && name && <QuickFollow anchorId={refusal.anchorId} name={name} />}
    </Modal>
  );
}
