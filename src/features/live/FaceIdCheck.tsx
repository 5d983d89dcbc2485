/**
 * The face-ID check a broadcaster passes before going live (spec 000 §4, §7, §8, §9): the
 * provider's page opens in a 1280x745 popup; while it is open an overlay offers to bring it back
 * ("Can not see the Face ID window?"), and every 500 ms the workspace looks whether it closed. Then
 * the result call says whether she passed; a failure shows in the 'Face ID Verification' alert.
 * Passed, the validity left shows in days, hours and minutes, flagged under a day.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FACE_ID_CLOSE_POLL_MS,
  FACE_ID_POPUP,
  type FaceIdStatus,
  FaceIdText,
  underADay,
  validityText,
} from '../../../protocol/face-id/face-id';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { faceIdResult, faceIdStatus, startFaceId } from './api';

export function FaceIdCheck({
  roomType,
  onStatus,
}: {
  roomType: number;
  onStatus: (verified: boolean) => void;
}) {
  const [status, setStatus] = useState<FaceIdStatus | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const [alert, setAlert] = useState('');
  const popup = useRef<{ window: Window | null; url: string } | null>(null);

  const refresh = useCallback(async () => {
    try {
      const next = await faceIdStatus();
      setStatus(next);
      onStatus(next.verified === 1);
    } catch (e) {
      setAlert(errorText(e));
    }
  }, [onStatus]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const open = (url: string) =>
    window.open(url, 'glimmer-face-id', `width=${FACE_ID_POPUP.width},height=${FACE_ID_POPUP.height}`);

  async function verify() {
    setAlert('');
    let start: Awaited<ReturnType<typeof startFaceId>>;
    try {
      start = await startFaceId(roomType);
    } catch (e) {
      setAlert(errorText(e));
      return;
    }
    popup.current = { window: open(start.identify_url), url: start.identify_url };
    setPopupOpen(true);
    const poll = setInterval(async () => {
      if (popup.current?.window && !popup.current.window.closed) return;
      clearInterval(poll);
      popup.current = null;
      setPopupOpen(false);
      if ((await faceIdResult(start.ref_id)) === 1) await refresh();
      else setAlert(FaceIdText.failed);
    }, FACE_ID_CLOSE_POLL_MS);
  }

  const left = status?.left_seconds ?? 0;
  return (
    <div className="face-id" data-testid="face-id">
      {status?.verified === 1 ? (
        <p className={underADay(left) ? 'face-id-valid face-id-soon' : 'face-id-valid'}>
          Face ID verified: valid for {validityText(left)}
          {underADay(left) && ' (less than a day left)'}.
        </p>
      ) : (
        <>
          <p>{FaceIdText.required}</p>
          <button type="button" className="btn" disabled={popupOpen || !status} onClick={() => void verify()}>
            Verify my face
          </button>
        </>
      )}
      {popupOpen && (
        <div className="face-id-overlay" role="status">
          <p>{FaceIdText.cannotSee}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              const current = popup.current;
              if (!current) return;
              if (current.window && !current.window.closed) current.window.focus();
              else current.window = open(current.url);
            }}
          >
            {FaceIdText.reopen}
          </button>
        </div>
      )}
      {alert && (
        <Modal
          title={FaceIdText.alertTitle}
          role="alertdialog"
          onClose={() => setAlert('')}
          testId="face-id-alert"
          actions={
            <button type="button" className="btn" onClick={() => setAlert('')}>
              OK
            </button>
          }
        >
          <p>{alert}</p>
        </Modal>
      )}
    </div>
  );
}
