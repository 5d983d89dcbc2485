/**
 * The flower and gift store for one broadcaster (/continueshopping?id= and /flower/ggift?id=):
 * the items with their prices, Add to cart, and the floating checkout bar. Without a broadcaster it
 * offers the recent recipients (getResentRecipientList) to choose from.
 */
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type CartData, type FlowerItem, FlowerPaths } from '../../../protocol/flowers/flowers';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { addToCart, getCart, getRecentRecipients, getStore } from './api';
import { CheckoutBar, FlowerNav, Price } from './FlowerNav';
import './flowers.css';

function RecentRecipients() {
  const [state, retry] = useRequest(getRecentRecipients, 'flower-recent');
  return (
    <section aria-labelledby="flower-recent-title">
      <h2 id="flower-recent-title">Send to</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="flower-recent-empty">
          <p>Open a broadcaster's profile and choose Send flowers to fill her cart.</p>
          <Link to="/home" className="btn btn-primary">
            Find broadcasters
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <ul className="flower-recipients" data-testid="flower-recent">
          {state.data.list.map((r) => (
            <li key={r.anchor_id}>
              <Link to={FlowerPaths.ggift} search={{ id: r.anchor_id }} className="card flower-recipient">
                <img src={r.anchor_avatar_img} alt="" width={48} height={48} />
                <span>
                  <strong>{r.anchor_nickname}</strong>
                  <span className="muted">
                    {' '}
                    {r.anchor_age} · {r.anchor_country}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemCard({ item, inCart, onAdd }: { item: FlowerItem; inCart: number; onAdd: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const titleId = `flower-item-${item.item_id}`;
  return (
    <li
      className="card flower-item"
      aria-labelledby={titleId}
      data-testid="flower-item"
      data-item={item.item_id}
    >
      <img src={item.small_imgurl} alt="" width={96} height={96} loading="lazy" />
      <h3 id={titleId}>{item.name}</h3>
      <p className="muted flower-item-text">{item.description}</p>
      <p className="flower-price">
        <Price amount={item.credit} />
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={busy}
        aria-busy={busy}
        data-testid="flower-add"
        onClick={() => {
          setBusy(true);
          onAdd().finally(() => setBusy(false));
        }}
      >
        Add to cart{inCart > 0 ? ` (${inCart} in cart)` : ''}
      </button>
    </li>
  );
}

function Store({ anchorId }: { anchorId: string }) {
  const [state, retry] = useRequest(() => getStore(anchorId), `flower-store:${anchorId}`);
  const [cart, setCart] = useState<CartData | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    getCart(anchorId).then(setCart, () => setCart(null));
  }, [anchorId]);

  if (state.status === 'loading')
    return (
      <p className="muted" role="status">
        Loading the store…
      </p>
    );
  if (state.status === 'error') return <ErrorRetry message={state.error} onRetry={retry} />;
  const { anchor, list } = state.data;
  const add = async (itemId: string) => {
    setError('');
    try {
      setCart(await addToCart(anchorId, itemId));
      setVersion((v) => v + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <>
      <div className="flower-for">
        <img src={anchor.anchor_avatar_img} alt="" width={48} height={48} />
        <p>
          Flowers and gifts for <strong data-testid="flower-anchor-name">{anchor.anchor_nickname}</strong>,
          delivered to her door. She confirms with a thank-you photo.
        </p>
      </div>
      {error && (
        <p className="flower-error" role="alert">
          {error}
        </p>
      )}
      <ul className="flower-grid" data-testid="flower-store">
        {list.map((item) => (
          <ItemCard
            key={item.item_id}
            item={item}
            inCart={cart?.list.find((l) => l.item_id === item.item_id)?.num ?? 0}
            onAdd={() => add(item.item_id)}
          />
        ))}
      </ul>
      <CheckoutBar anchorId={anchorId} total={cart?.pay_total ?? cart?.total ?? 0} version={version} />
    </>
  );
}

export function StorePage() {
  const search = useSearch({ strict: false }) as { id?: unknown };
  const anchorId = typeof search.id === 'string' && search.id ? search.id : undefined;
  return (
    <div className="page flower-page">
      <h1 className="page-title">Flowers and gifts</h1>
      <FlowerNav anchorId={anchorId} />
      {anchorId ? <Store anchorId={anchorId} /> : <RecentRecipients />}
    </div>
  );
}
