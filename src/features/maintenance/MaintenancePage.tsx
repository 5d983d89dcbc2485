/** /static/maintenance/: where the whole site goes on errno 21000. */
import { useEffect } from 'react';
import { Messages } from '../../../protocol/errors';
import '../login/login.css';

export default function MaintenancePage() {
  useEffect(() => {
    document.title = 'Under maintenance · Glimmer';
  }, []);
  return (
    <div className="login-screen">
      <main className="login-card maintenance" aria-labelledby="maintenance-title">
        <span className="login-brand">
          <img src="/favicon.svg" alt="" width="44" height="44" />
          <span>Glimmer</span>
        </span>
        <h1 id="maintenance-title">We'll be right back</h1>
        <p className="login-lead">{Messages.maintenance}</p>
        <p className="login-lead">We are polishing things up. Thank you for your patience.</p>
        <a className="btn btn-primary btn-block" href="/">
          Try again
        </a>
      </main>
    </div>
  );
}
