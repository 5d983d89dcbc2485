/** /watchbroadcaster: the broadcasters live in a public room now, each with Watch Now. */
import { ONLINE_LIST_NUM, ONLINE_LIST_TYPE } from '../../../protocol/constants';
import { AnchorSection } from './AnchorSection';
import { getOnlineAnchors } from './api';
import './discover.css';

const loadLive = () => getOnlineAnchors(ONLINE_LIST_TYPE.live, ONLINE_LIST_NUM);

export function WatchBroadcastersPage() {
  return (
    <div className="page discover">
      <h1 className="page-title">Watch broadcasters</h1>
      <AnchorSection
        id="live-now"
        title="Live now"
        subtitle="Public rooms are free to watch; a premium room holds six viewers"
        testId="live-list"
        load={loadLive}
        skeletons={8}
        layout="grid"
      />
    </div>
  );
}
