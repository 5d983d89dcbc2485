/**
 * What she offers but his account does not hold (the One-on-One privilege, needed to invite or
 * book her): why, and how to get it — Customer Care opens it — instead of an empty space.
 */
import { Link } from '@tanstack/react-router';
import './premium-price.css';

const LABELS = { 'invite-one-on-one': 'Invite One-on-One', 'book-one-on-one': 'Book One-on-One' } as const;

export function LockedAction({
  action,
  compact = false,
}: {
  action: keyof typeof LABELS;
  /** A card: one short line. */
  compact?: boolean;
}) {
  return (
    <p className={`locked-action${compact ? ' locked-action-compact' : ''}`} data-testid={`locked-${action}`}>
      {compact ? (
        <>One-on-One is not on your account. </>
      ) : (
        <>
          <strong>{LABELS[action]}</strong> needs the One-on-One privilege, which your account does not have
          yet. Customer Care can add it for you.{' '}
        </>
      )}
      <Link to="/customer/list">{compact ? 'How to get it' : 'Ask Customer Care'}</Link>
    </p>
  );
}
