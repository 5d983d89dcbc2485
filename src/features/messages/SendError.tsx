/** A refused send as the member reads it: the server's reason; 10025 with the add-credits link. */
import { useSnapshot } from 'valtio';
import { MessageErrno, MessageTexts } from '../../../protocol/messages';
import { configState } from '../../state/config';

export function SendError({ errno, errmsg }: { errno: number; errmsg: string }) {
  const { config } = useSnapshot(configState);
  if (errno === MessageErrno.NO_CREDIT) {
    const [before, after] = MessageTexts.noCredit.split('{credits}');
    return (
      <>
        {before}
        <a href={config?.addCreditPage ?? '/#/myhomeback/credithistories'}>credits</a>
        {after}
      </>
    );
  }
  return <>{errmsg}</>;
}
