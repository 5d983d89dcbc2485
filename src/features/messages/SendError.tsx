/** A refused send as the member reads it: the server's reason; 10025 with the add-credits link. */
import { MessageErrno, MessageTexts } from '../../../protocol/messages/messages';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';

export function SendError({ errno, errmsg }: { errno: number; errmsg: string }) {
  if (errno === MessageErrno.NO_CREDIT) {
    const [before, after] = MessageTexts.noCredit.split('{credits}');
    return (
      <>
        {before}
        <AddCreditsLink clickFrom={ClickFrom.message}>credits</AddCreditsLink>
        {after}
      </>
    );
  }
  return <>{errmsg}</>;
}
